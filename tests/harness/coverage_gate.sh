#!/usr/bin/env bash
# The coverage gate of `warpforge equiv`: a random run too short to reach every coverage point
# fails (exit 1) although it is equivalent, names the points never hit, and each named point
# shows 0 hits in the full table (--coverage) and in the JSON. Ten cycles cannot cover an
# arbiter of 24 warps: a one-hot grant raises at most one grant_o bit per cycle.
set -euo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

set +e
out=$("$wf" equiv lrr_arbiter --cycles 10 --coverage --json "$tmp/r.json" -o "$tmp/o")
rc=$?
set -e
echo "$out"
if [ $rc -ne 1 ]; then echo "a 10-cycle run exited $rc, expected 1" >&2; exit 1; fi
grep -q "^FAIL  lrr_arbiter_w24 .* 10 cycles equivalent, but coverage [0-9]*/65:" <<<"$out"
grep -q "^0 passed, 1 failed" <<<"$out"
missed=$(sed -n 's/^  never hit: //p' <<<"$out")
if [ -z "$missed" ]; then echo "no point named as never hit" >&2; exit 1; fi
grep -q "never hit: grant_o\[23\] rose" <<<"$out" || grep -q "and [0-9]* more" <<<"$out"
while IFS= read -r point; do
  if ! grep -qxF "           0  $point" <<<"$out"; then
    echo "'$point' is named as never hit but the table does not show 0 hits" >&2; exit 1
  fi
  grep -qF "\"$point\"" "$tmp/r.json"
done <<<"$missed"
grep -q '"coverage_missed": \[' "$tmp/r.json"
echo "a run that misses coverage points fails and names them"
