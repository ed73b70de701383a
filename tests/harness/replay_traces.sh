#!/usr/bin/env bash
# Trace capture and replay end to end: a workload run records every block instance
# (sim --record-blocks), and replaying the whole directory into the RTL finds no mismatch,
# for the registered policies (policy_pairs.sh); planted RTL bugs are caught by replay (exit 1, a mismatch report,
# an FST file).
set -euo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# matmul of order 32 is four CTAs; on one SM they share it, so MWF, SAWS and CFF have CTAs to
# order and barriers to count.
# shellcheck source=tests/harness/policy_pairs.sh
source "$(dirname "${BASH_SOURCE[0]}")/policy_pairs.sh"
policy_pairs "$wf" >"$tmp/pairs"
grep -qx "mwf-gto cff" "$tmp/pairs"  # the run the checks below read
while read -r issue fetch <&3; do
  dir="$tmp/$issue-$fetch"
  "$wf" sim --workload matmul --size 32 --param num_sms=1 --issue "$issue" --fetch "$fetch" \
    --record-blocks "$dir" | tee "$tmp/sim.out"
  # One trace per block instance of the SM: the two schedulers' issue blocks (two each for a
  # policy with two blocks, blocklat), the fetch arbiter and the WPT; every one replays.
  traces=$(sed -n 's/.*recorded \([0-9]*\) block traces.*/\1/p' "$tmp/sim.out")
  [ "${traces:-0}" -ge 4 ]
  out=$("$wf" equiv --replay "$dir" -o "$tmp/out")
  echo "$out"
  if ! grep -q "^$traces passed, 0 failed" <<<"$out"; then
    echo "replay of $issue/$fetch did not pass" >&2; exit 1
  fi
  # Every trace is of a block that was called (no empty traces).
  if grep -q " 0 calls" <<<"$out"; then echo "an empty trace in $issue/$fetch" >&2; exit 1; fi
done 3<"$tmp/pairs"
# CTA dispatch policies with blocks of their own: their per-SM instances (sm<id>_dispatch)
# record and replay beside the SM's.
while read -r dispatch <&3; do
  dir="$tmp/dispatch-$dispatch"
  "$wf" sim --workload kmeans --size 3000 --param num_sms=2 --dispatch "$dispatch" \
    --record-blocks "$dir" | tee "$tmp/sim.out"
  [ -f "$dir/sm00_dispatch.wftrace" ] && [ -f "$dir/sm01_dispatch.wftrace" ]
  traces=$(sed -n 's/.*recorded \([0-9]*\) block traces.*/\1/p' "$tmp/sim.out")
  out=$("$wf" equiv --replay "$dir" -o "$tmp/out")
  echo "$out"
  if ! grep -q "^$traces passed, 0 failed" <<<"$out"; then
    echo "replay of dispatch $dispatch did not pass" >&2; exit 1
  fi
done 3< <(policy_list "$wf" | awk '$1 == "dispatch" && NF == 4 { print $2 }')

# A replay reports coverage and passes although a workload leaves points unhit; with
# --require-coverage it fails naming them. No real barrier has more arrivals than the largest
# CTA has warps, so the WPT's saturation point is never hit by a workload.
out=$("$wf" equiv warp_priority_table --replay "$tmp/mwf-gto-cff" -o "$tmp/out")
grep -q "^PASS  warp_priority_table_.* coverage [0-9]*/[0-9]*)" <<<"$out"
set +e
out=$("$wf" equiv warp_priority_table --replay "$tmp/mwf-gto-cff" --require-coverage -o "$tmp/out")
rc=$?
set -e
if [ $rc -ne 1 ] || ! grep -q "never hit: arrivals beyond max_warps_per_cta saturate" <<<"$out"; then
  echo "replay with --require-coverage did not fail on the saturation point (exit $rc):" >&2
  echo "$out" >&2; exit 1
fi

"$wf" gen mwf_arbiter cff_fetch_arbiter warp_priority_table -o "$tmp/gen" >/dev/null
plant() {  # name block file trace sed-expression
  local name="$1" block="$2" file="$3" trace="$4" expr="$5"
  local bad="$tmp/$name.v"
  sed -e "$expr" "$tmp/gen/$file" > "$bad"
  if cmp -s "$bad" "$tmp/gen/$file"; then echo "plant $name: the edit matched nothing" >&2; exit 1; fi
  set +e
  out=$("$wf" equiv "$block" --rtl "$bad" --replay "$trace" -o "$tmp/out-$name" 2>&1)
  rc=$?
  set -e
  if [ $rc -ne 1 ] || ! grep -q "mismatch at cycle" <<<"$out"; then
    echo "planted bug '$name' was NOT caught by replay (exit $rc):" >&2; echo "$out" >&2; exit 1
  fi
  ls "$tmp/out-$name"/*.mismatch.fst >/dev/null
  echo "caught $name: $(grep -m1 'mismatch at cycle' <<<"$out")"
}
# MWF: ties between CTAs go to the larger slot.
plant mwf_tie_break mwf_arbiter mwf_arbiter_w24_c8_m48_gto.v "$tmp/mwf-gto-cff/sm00_issue0.wftrace" \
  's/wpt_count_i\[c_critical\*6 +: 6\] > critical_count/wpt_count_i[c_critical*6 +: 6] >= critical_count/'
# WPT: an arrival in the cycle of the release is counted into the next barrier.
plant wpt_release_order warp_priority_table warp_priority_table_c8_m48_a2.v \
  "$tmp/mwf-gto-cff/sm00_wpt.wftrace" \
  's/if (release_i\[slot\]) begin/if (release_i[slot] \&\& arrivals == 9'"'"'d0) begin/'
# CFF in its LRR mode: the round-robin pointer never advances.
plant cff_lrr_stuck cff_fetch_arbiter cff_fetch_arbiter_w48_c8_m48_i2_lrr.v \
  "$tmp/lrr-lrr/sm00_fetch.wftrace" 's/last_fetch_q <= grant_warp_o;/last_fetch_q <= last_fetch_q;/'
echo "replay passes on every recorded run and catches every planted bug"
