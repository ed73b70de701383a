#!/usr/bin/env bash
# Every configuration of every block, for those rtl/ holds (gen_rtl.sh: every preset's and
# lwm-core's variants) and every corner a block declares (`warpforge params --corners`), must
# pass verilator --lint-only -Wall and yosys check -assert.
set -euo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/rtl"
bash "$(dirname "$0")/gen_rtl.sh" "$wf" "$tmp/rtl"
corners=$("$wf" params --corners | awk '{print $2}' | sort -u)
[ -n "$corners" ] || { echo "no block declares a corner"; exit 1; }
for corner in $corners; do
  mkdir "$tmp/corner-$corner"
  # --all --corner notes the blocks without the corner on stderr: shown only on a failure.
  if ! "$wf" gen --all --corner "$corner" -o "$tmp/corner-$corner" >/dev/null 2>"$tmp/err"; then
    cat "$tmp/err"; exit 1
  fi
done
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
