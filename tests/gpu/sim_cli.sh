#!/usr/bin/env bash
# warpforge sim from the command line: a deadlock ends with status "deadlock", the warp dump
# and exit status 3; --csv appends one row per run under one header; a CSV of another layout is
# refused before the run (exit 2) and left untouched; --memory fixed-latency swaps the memory
# system and the stats say so.
set -uo pipefail
wf="$1"; data="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi; }

"$wf" sim --spec "$data/deadlock.toml" --param watchdog_cycles=2000 --stats "$tmp/d.json" \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
check "deadlock exits 3 (got $rc)" '[ $rc -eq 3 ]'
check "deadlock status in the stats" 'grep -q "\"status\": \"deadlock\"" "$tmp/d.json"'
check "warp dump names the barrier" 'grep -q "barrier 0" "$tmp/out"'

"$wf" sim --workload vecadd --size 2048 --csv "$tmp/runs.csv" >/dev/null || fail=1
"$wf" sim --workload vecadd --size 2048 --issue gto --csv "$tmp/runs.csv" >/dev/null || fail=1
check "two runs, one header + two rows" '[ "$(wc -l <"$tmp/runs.csv")" -eq 3 ]'
check "header once" '[ "$(grep -c "^workload," "$tmp/runs.csv")" -eq 1 ]'
check "second row is gto" 'sed -n 3p "$tmp/runs.csv" | grep -q "^vecadd,gtx480,gto,"'

"$wf" sim --workload vecadd --size 2048 --memory fixed-latency --stats "$tmp/f.json" >/dev/null
rc=$?
check "fixed-latency memory runs (exit $rc)" '[ $rc -eq 0 ]'
check "stats name the memory model" 'grep -q "\"memory\": \"fixed-latency\"" "$tmp/f.json"'
check "golden is the default" 'grep -q "\"memory\": \"golden\"" "$tmp/d.json"'

printf 'something,else\n1,2\n' >"$tmp/other.csv"
"$wf" sim --workload vecadd --size 2048 --csv "$tmp/other.csv" >/dev/null 2>"$tmp/err"
rc=$?
check "foreign CSV refused with exit 2 (got $rc)" '[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]'
check "foreign CSV untouched" '[ "$(cat "$tmp/other.csv")" = "$(printf "something,else\n1,2")" ]'
exit $fail
