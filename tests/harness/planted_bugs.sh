#!/usr/bin/env bash
# Plants bugs a designer could make while hand-optimising the generated RTL and checks that
# `warpforge equiv --rtl` catches every one (exit status 1, a mismatch report, an FST file).
set -euo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$wf" gen mwf_arbiter cff_fetch_arbiter warp_priority_table lrr_arbiter gto_arbiter saws_arbiter fef_fetch_arbiter two_level_arbiter -o "$tmp/gen" >/dev/null

plant() {  # name block file sed-expression
  local name="$1" block="$2" file="$3" expr="$4"
  local bad="$tmp/$name.v"
  sed -e "$expr" "$tmp/gen/$file" > "$bad"
  if cmp -s "$bad" "$tmp/gen/$file"; then echo "plant $name: the edit matched nothing" >&2; exit 1; fi
  set +e
  out=$("$wf" equiv "$block" --rtl "$bad" --cycles 200000 -o "$tmp/out-$name" 2>&1)
  rc=$?
  set -e
  if [ $rc -ne 1 ] || ! grep -q "mismatch at cycle" <<<"$out"; then
    echo "planted bug '$name' was NOT caught (exit $rc):" >&2; echo "$out" >&2; exit 1
  fi
  ls "$tmp/out-$name"/*.fst >/dev/null
  echo "caught $name: $(grep -m1 'mismatch at cycle' <<<"$out")"
}

# The issue's example: the tie-break between CTAs inverted (ties to the larger CTA slot).
plant mwf_tie_break mwf_arbiter mwf_arbiter_w24_c8_m48_gto.v \
  's/wpt_count_i\[c_critical\*6 +: 6\] > critical_count/wpt_count_i[c_critical*6 +: 6] >= critical_count/'
# Most-waiting-first turned into least-waiting-first.
plant mwf_least_waiting mwf_arbiter mwf_arbiter_w24_c8_m48_lrr.v \
  's/wpt_count_i\[c_critical\*6 +: 6\] > critical_count/wpt_count_i[c_critical*6 +: 6] < critical_count/'
# GTO inside the CTA forgets to be greedy.
plant mwf_not_greedy mwf_arbiter mwf_arbiter_w24_c8_m48_gto.v \
  's/assign grant_warp_o  = greedy_ready ? critical_last_warp : oldest_warp;/assign grant_warp_o  = oldest_warp;/'
# WPT: arrival wins over release.
plant wpt_release_order warp_priority_table warp_priority_table_c8_m48_a2.v \
  's/if (release_i\[slot\]) begin/if (release_i[slot] \&\& arrivals == 9'"'"'d0) begin/'
# WPT: no saturation.
plant wpt_no_saturation warp_priority_table warp_priority_table_c8_m48_a2.v \
  's/if (arrivals > 9'"'"'d48) arrivals = 9'"'"'d48;//'
# CFF: the LRR pointer never advances.
plant cff_lrr_stuck cff_fetch_arbiter cff_fetch_arbiter_w48_c8_m48_i2_lrr.v \
  's/last_fetch_q <= grant_warp_o;/last_fetch_q <= last_fetch_q;/'
# LRR: reset value off by one (warp 1 first instead of warp 0).
plant lrr_reset lrr_arbiter lrr_arbiter_w24.v 's/last_warp_q <= 5'"'"'d23;/last_warp_q <= 5'"'"'d0;/'
# GTO: ties by age go to the higher warp.
plant gto_age_tie gto_arbiter gto_arbiter_w24_c8.v 's/warp_age\[w_oldest\*3 +: 3\] < oldest_age/warp_age[w_oldest*3 +: 3] <= oldest_age/'
# SAWS: CTAs not waiting at a barrier ranked before the waiting ones.
plant saws_waiting_last saws_arbiter saws_arbiter_w24_c8_m48_lrr.v \
  's/= hit_waiting\[i_hit\];/= hit_waiting[j_hit];/'
# SAWS: the recorded order is not kept; CTAs waiting since earlier cycles rank by slot.
plant saws_forgets_order saws_arbiter saws_arbiter_w24_c8_m48_gto.v \
  's/= hit_before_q\[hit_pair(i_hit, j_hit)\];/= 1'"'"'b1;/'
# FEF: the buckets scanned the wrong way round (most entries first).
plant fef_most_first fef_fetch_arbiter fef_fetch_arbiter_w48_d2.v \
  's/for (v_fewest = 3; v_fewest >= 0; v_fewest = v_fewest - 1)/for (v_fewest = 0; v_fewest < 4; v_fewest = v_fewest + 1)/'
# FEF: ties always to the lowest warp (the round-robin pointer is never written).
plant fef_tie_lowest fef_fetch_arbiter fef_fetch_arbiter_w48_d2.v \
  's/last_fetch_q <= grant_warp_o;/last_fetch_q <= 6'"'"'d47;/'
# Two-level: the current group is not preferred (plain round robin over all warps).
plant two_level_no_groups two_level_arbiter two_level_arbiter_w24_g8.v \
  's/candidates = (|current_request) ? current_request : request_i;/candidates = request_i;/'
# Two-level: a group boundary one warp off (warp 16 counted in group 0).
plant two_level_boundary two_level_arbiter two_level_arbiter_w48_g16.v \
  's/if (last_warp_q < 6'"'"'d16)/if (last_warp_q < 6'"'"'d17)/'
# CFF 2lev: the schedulers' fetch groups are not preferred (plain round robin).
plant cff_2lev_no_groups cff_fetch_arbiter cff_fetch_arbiter_w48_c8_m48_i2_2lev_g16.v \
  's/candidates = (|current_eligible) ? current_eligible : eligible_i;/candidates = eligible_i;/'
# CFF saws_gto: only scheduler 0's issues are tracked for the CTA's last warp.
plant cff_saws_one_port cff_fetch_arbiter cff_fetch_arbiter_w48_c8_m48_i2_saws_gto.v \
  's/if (issue_valid_i\[k_update\] \&\& issued_warp/if (issue_valid_i[k_update] \&\& k_update == 0 \&\& issued_warp/'
# CFF saws_lrr: the idle order inverted (first hits in the same cycle go to the larger slot).
plant cff_saws_tie cff_fetch_arbiter cff_fetch_arbiter_w48_c8_m48_i2_saws_lrr.v \
  's/hit_before_d = {28{1'"'"'b1}};/hit_before_d = {28{1'"'"'b0}};/'
echo "all planted bugs caught"
