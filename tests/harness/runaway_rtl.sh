#!/usr/bin/env bash
# RTL that never settles cannot hang warpforge. A hand edit that stops the LRR arbiter's
# combinational scan loop from counting down makes a block whose simulation never finishes a
# cycle and which Yosys unrolls for ever, growing without bound. `equiv --rtl` and `prove
# --rtl` of it with a small --time-budget, and `prove --rtl` with a small --memory-budget and
# no time budget, end within seconds: exit status 1 (a failed check), exactly one error line on
# stderr naming the module and the file, no waveform or counterexample written, no Yosys
# working directory left in $TMPDIR.
# Usage: runaway_rtl.sh WARPFORGE RTL_DIR
set -euo pipefail
wf="$1" rtl="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export TMPDIR="$tmp/tmpdir"
mkdir "$TMPDIR"
mutant="$tmp/runaway.v"
"$(dirname "$0")/runaway_mutant.sh" "$rtl" "$mutant"
budget=3
fail=0

# name, the error line expected (a regex), the most seconds the run may take, command...
expect_runaway() {
  local what="$1" line="$2" most="$3"; shift 3
  local start=$SECONDS rc=0
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  local took=$((SECONDS - start))
  local errors; errors=$(grep -c '^warpforge: error: ' "$tmp/err" || true)
  if [ $rc -ne 1 ] || [ "$errors" -ne 1 ] || ! grep -qx -- "$line" "$tmp/err" || \
     [ "$took" -gt "$most" ]; then
    echo "FAIL $what: exit $rc after $took s, $errors error lines:"; cat "$tmp/out" "$tmp/err"
    fail=1
  else
    echo "ok   $what ($took s): $(grep '^warpforge: error: ' "$tmp/err")"
  fi
}

file_re=$(sed 's/[.[\*^$]/\\&/g' <<<"$mutant")
# The first run may verilate the mutant into the cache (minutes on a cold ccache); the second
# shows how soon a runaway simulation ends.
for run in first second; do
  most=$((budget + 10))
  [ $run = first ] && most=900
  expect_runaway "equiv --rtl, $run run" \
    "warpforge: error: lrr_arbiter_w24 ($file_re): the verilated simulation did not finish 100000 cycles within $budget s (--time-budget)" \
    "$most" "$wf" equiv lrr_arbiter --rtl "$mutant" --time-budget $budget -o "$tmp/equiv-$run"
  if [ -n "$(ls -A "$tmp/equiv-$run" 2>/dev/null)" ]; then
    echo "FAIL equiv --rtl, $run run: left files in -o: $(ls -A "$tmp/equiv-$run")"; fail=1
  fi
done

expect_runaway "prove --rtl" \
  "warpforge: error: lrr_arbiter_w24 ($file_re): Yosys did not finish the proof within $budget s (--time-budget)" \
  $((budget + 10)) "$wf" prove lrr_arbiter --rtl "$mutant" --time-budget $budget -o "$tmp/prove"
grep -q "^TIMEOUT   lrr_arbiter_w24 " "$tmp/out" || { echo "FAIL prove: no TIMEOUT row"; fail=1; }
if [ -n "$(ls -A "$tmp/prove" 2>/dev/null)" ]; then
  echo "FAIL prove --rtl: left files in -o: $(ls -A "$tmp/prove")"; fail=1
fi

# The memory budget: Yosys' unrolling outgrows 64 MiB in a fraction of a second, where the
# default (half of the machine's memory) would take minutes of swapping first.
expect_runaway "prove --rtl, memory" \
  "warpforge: error: lrr_arbiter_w24 ($file_re): Yosys ran out of the proof's memory budget of 64 MiB (--memory-budget)" \
  10 "$wf" prove lrr_arbiter --rtl "$mutant" --time-budget 0 --memory-budget 64 \
  -o "$tmp/prove-memory" --json "$tmp/prove-memory.json"
grep -q "^MEMORY    lrr_arbiter_w24 .* memory budget of 64 MiB$" "$tmp/out" ||
  { echo "FAIL prove, memory: no MEMORY row"; cat "$tmp/out"; fail=1; }
grep -q '"status": "memory"' "$tmp/prove-memory.json" ||
  { echo "FAIL prove, memory: the JSON status is not memory"; fail=1; }
if [ -n "$(ls -A "$tmp/prove-memory" 2>/dev/null)" ]; then
  echo "FAIL prove, memory: left files in -o: $(ls -A "$tmp/prove-memory")"; fail=1
fi
if [ -n "$(ls -A "$TMPDIR")" ]; then
  echo "FAIL left in \$TMPDIR: $(ls -A "$TMPDIR")"; fail=1
fi
exit $fail
