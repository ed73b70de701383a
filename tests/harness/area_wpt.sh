#!/usr/bin/env bash
# The BAWS paper's hardware cost: the gtx480 WPT is 8 x 6 = 48 flip-flops (6 bytes per SM).
set -euo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$wf" area warp_priority_table --preset gtx480 --json "$tmp/a.json" | tee "$tmp/table"
grep -Eq '"ff_bits": *48[,}]?' "$tmp/a.json" || { echo "expected 48 flip-flop bits"; cat "$tmp/a.json"; exit 1; }
