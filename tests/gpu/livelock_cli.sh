#!/usr/bin/env bash
# warpforge sim and run on a grid-wide spin barrier: with more CTAs than fit at once the run
# ends in seconds with status "livelock", exit status 3, the warp dump with spin-loop PC ranges
# and the likely cause; with a grid that fits, the same kernel finishes and passes.
set -uo pipefail
wf="$1"; data="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi; }
cause='likely cause: 257 CTAs launched, 2 resident, 255 waiting for a slot: a grid-wide barrier or lock cannot finish'

# The cycle model at its default window (10^7 cycles) on a 2-SM gtx480.
start=$SECONDS
"$wf" sim --spec "$data/grid_barrier_livelock.toml" --param num_sms=2 --stats "$tmp/l.json" \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
check "sim: livelock exits 3 (got $rc)" '[ $rc -eq 3 ]'
check "sim: within seconds ($((SECONDS - start)) s)" '[ $((SECONDS - start)) -lt 30 ]'
check "sim: livelock status in the stats" 'grep -q "\"status\": \"livelock\"" "$tmp/l.json"'
check "sim: the cause in the stats" 'grep -q "\"livelock_cause\": \"257 CTAs launched" "$tmp/l.json"'
check "sim: the message" 'grep -q "kernel .grid_barrier. livelocked: no CTA finished and no store changed memory for 10000000 cycles" "$tmp/out"'
check "sim: the cause line" 'grep -qF "  $cause" "$tmp/out"'
check "sim: the spinning warps' loop (pcs 17..22)" '[ "$(grep -c "spin pcs 17..22$" "$tmp/out")" -eq 2 ]'
check "sim: the other warps wait at the CTA barrier" '[ "$(grep -c "barrier 0, pending memory 0$" "$tmp/out")" -eq 62 ]'

"$wf" sim --spec "$data/grid_barrier_livelock.toml" --param num_sms=2 \
  --param livelock_cycles=0 --max-cycles 200000 >"$tmp/out" 2>"$tmp/err"
rc=$?
check "sim: livelock_cycles=0 turns it off (the cycle limit ends it, exit $rc)" \
  '[ $rc -eq 1 ] && grep -q "cycle limit of 200000 reached" "$tmp/out"'

"$wf" sim --spec "$data/grid_barrier_fits.toml" --param num_sms=4 >"$tmp/out" 2>&1
rc=$?
check "sim: the grid that fits passes (exit $rc)" '[ $rc -eq 0 ] && grep -q "^PASS" "$tmp/out"'

# The functional executor: 256 of the 257 CTAs are resident.
"$wf" run "$data/grid_barrier_livelock.toml" --livelock-window 2000000 --json "$tmp/r.json" \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
check "run: livelock exits 3 (got $rc)" '[ $rc -eq 3 ]'
check "run: the message" 'grep -q "livelocked: no CTA finished and no store changed memory for 2000000 warp instructions" "$tmp/out"'
check "run: the cause line" 'grep -qF "likely cause: 257 CTAs launched, 256 resident, 1 waiting for a slot: a grid-wide barrier or lock cannot finish" "$tmp/out"'
check "run: 256 spinning warps in the dump" '[ "$(grep -c "barrier -1, spin pcs 17..22$" "$tmp/out")" -eq 256 ]'
check "run: the cause in the JSON" 'grep -q "\"livelock_cause\": \"257 CTAs launched" "$tmp/r.json"'
check "run: no instruction limit by default" 'grep -q "\"instruction_limit\": null" "$tmp/r.json"'

"$wf" run "$data/grid_barrier_fits.toml" >"$tmp/out" 2>&1
rc=$?
check "run: the grid that fits passes (exit $rc)" '[ $rc -eq 0 ] && grep -q "^PASS" "$tmp/out"'
exit $fail
