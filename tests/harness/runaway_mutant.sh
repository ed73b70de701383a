#!/usr/bin/env bash
# Writes OUT: the LRR arbiter of RTL_DIR with its combinational scan loop stopped from counting
# down, a block whose simulation never finishes a cycle and which Yosys unrolls for ever. Used
# by runaway_rtl.sh and signal_ends_children.sh. Usage: runaway_mutant.sh RTL_DIR OUT
set -euo pipefail
rtl="$1" out="$2"
sed 's/step_next = step_next - 1)/step_next = step_next)/' "$rtl/lrr_arbiter_w24.v" >"$out"
if cmp -s "$out" "$rtl/lrr_arbiter_w24.v"; then echo "the edit matched nothing" >&2; exit 1; fi
