#!/usr/bin/env bash
# Every configuration of every block, for the preset and two corner parameter sets, must pass
# verilator --lint-only -Wall and yosys check -assert.
set -euo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$wf" gen --all -o "$tmp/preset" >/dev/null
"$wf" gen --all --param num_warps=4 --param num_cta_slots=2 --param max_warps_per_cta=4 -o "$tmp/tiny" >/dev/null
"$wf" gen --all --param num_warps=64 --param num_cta_slots=16 --param max_warps_per_cta=64 -o "$tmp/large" >/dev/null
"$wf" gen --all --param num_warps=3 --param num_cta_slots=3 --param max_warps_per_cta=1 -o "$tmp/odd" >/dev/null
fail=0; n=0
for f in "$tmp"/*/*.v; do
  m=$(basename "$f" .v); n=$((n+1))
  if ! out=$(verilator --lint-only -Wall --top-module "$m" "$f" 2>&1); then
    echo "verilator -Wall: $f"; echo "$out" | head -20; fail=1
  fi
  if ! out=$(yosys -q -p "read_verilog -noautowire $f; hierarchy -check -top $m; proc; check -assert" 2>&1); then
    echo "yosys check -assert: $f"; echo "$out" | head -20; fail=1
  fi
done
echo "linted $n modules"
exit $fail
