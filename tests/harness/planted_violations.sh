#!/usr/bin/env bash
# Plants property violations in generated RTL, the way a careless hand-optimisation would, and
# checks that `warpforge prove --rtl` finds each one: exit status 1, a FAIL line naming the
# expected property and the step, and a counterexample waveform.
set -euo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
SMALL_WPT=(--param max_warps_per_cta=4)
SMALL_CFF=(--param num_warps=8 --param num_cta_slots=4)
SMALL_SAWS=(--param num_warps=8 --param num_cta_slots=4)
SMALL_FEF=(--param num_warps=8)
GROUPS_2LEV=(--param num_warps=12 --param group_size=4)  # three fetch groups of 4
GROUPS_CFF=(--param num_warps=12 --param num_cta_slots=4 --param group_size=4)
"$wf" gen lrr_arbiter gto_arbiter mwf_arbiter warp_priority_table -o "$tmp/gen" >/dev/null
"$wf" gen warp_priority_table "${SMALL_WPT[@]}" -o "$tmp/gen" >/dev/null
"$wf" gen cff_fetch_arbiter "${SMALL_CFF[@]}" -o "$tmp/gen" >/dev/null
"$wf" gen saws_arbiter "${SMALL_SAWS[@]}" -o "$tmp/gen" >/dev/null
"$wf" gen fef_fetch_arbiter "${SMALL_FEF[@]}" -o "$tmp/gen" >/dev/null
"$wf" gen two_level_arbiter "${GROUPS_2LEV[@]}" -o "$tmp/gen" >/dev/null
"$wf" gen cff_fetch_arbiter "${GROUPS_CFF[@]}" -o "$tmp/gen" >/dev/null

plant() {  # name block file property sed-expression [prove options...]
  local name="$1" block="$2" file="$3" property="$4" expr="$5"; shift 5
  local bad="$tmp/$name.v"
  sed -e "$expr" "$tmp/gen/$file" > "$bad"
  if cmp -s "$bad" "$tmp/gen/$file"; then echo "plant $name: the edit matched nothing" >&2; exit 1; fi
  set +e
  out=$("$wf" prove "$block" "$@" --rtl "$bad" -o "$tmp/out-$name" 2>&1)
  rc=$?
  set -e
  local verdict; verdict=$(grep -m1 '^FAIL ' <<<"$out" || true)
  if [ $rc -ne 1 ] || ! grep -q "violated at step" <<<"$verdict" || \
     ! grep -qw "$property" <<<"$verdict"; then
    echo "planted violation '$name' was NOT reported as $property (exit $rc):" >&2
    echo "$out" >&2; exit 1
  fi
  ls "$tmp/out-$name"/*.counterexample.vcd >/dev/null
  echo "caught $name: $verdict"
}

q="'"  # Verilog literals need a quote inside the sed expressions
# Arbiters: a grant that ignores the request mask.
plant lrr_grant_ignores_request lrr_arbiter lrr_arbiter_w24.v grant_only_requesters \
  "s/if (ready_i\[next_candidate\]) begin/if (ready_i[next_candidate] || next_candidate == 5${q}d3) begin/"
# The round robin never looks at the warp right after the last one: a lone requester starves.
plant lrr_skips_next_warp lrr_arbiter lrr_arbiter_w24.v grant_when_requested \
  's/step_next >= 1;/step_next >= 2;/'
# GTO keeps its greedy warp even when it is not ready.
plant gto_greedy_not_ready gto_arbiter gto_arbiter_w24_c8.v grant_only_requesters \
  's/wire greedy_ready = greedy_valid_q \&\& ready_i\[greedy_warp_q\];/wire greedy_ready = greedy_valid_q;/'
# GTO ties by age go to the higher warp.
plant gto_age_tie gto_arbiter gto_arbiter_w24_c8.v oldest_unless_greedy \
  's/warp_age\[w_oldest\*3 +: 3\] < oldest_age/warp_age[w_oldest*3 +: 3] <= oldest_age/'
# Two warps granted at once.
plant mwf_two_grants mwf_arbiter mwf_arbiter_w24_c8_m48_gto.v grant_at_most_one \
  "s/(24${q}d1 << grant_warp_o)/(24${q}d3 << grant_warp_o)/"
# Most-waiting-first turned into least-waiting-first.
plant mwf_least_waiting mwf_arbiter mwf_arbiter_w24_c8_m48_lrr.v most_waiting_cta \
  's/wpt_count_i\[c_critical\*6 +: 6\] > critical_count/wpt_count_i[c_critical*6 +: 6] < critical_count/'
# CFF (gto mode) ignores the warp scheduler 0 issued last.
plant cff_greedy_port0_ignored cff_fetch_arbiter cff_fetch_arbiter_w8_c4_m48_i2_gto.v greedy_first \
  's/k_greedy >= 0;/k_greedy >= 1;/' "${SMALL_CFF[@]}"
# CFF (gto mode) forgets the warps the schedulers issued: its state leaves the issue ports'.
plant cff_greedy_forgotten cff_fetch_arbiter cff_fetch_arbiter_w8_c4_m48_i2_gto.v \
  greedy_state_matches \
  "s/greedy_valid_q\[k_update\] <= 1${q}b1;/greedy_valid_q[k_update] <= 1${q}b0;/" "${SMALL_CFF[@]}"
# WPT: a counter that wraps instead of saturating.
plant wpt_wraps warp_priority_table warp_priority_table_c8_m4_a2.v count_saturates \
  "s/if (arrivals > 6${q}d4) arrivals = 6${q}d4;/if (arrivals > 6${q}d4) arrivals = arrivals - 6${q}d5;/" \
  "${SMALL_WPT[@]}"
# WPT: an arrival counted twice, so a count climbs past the CTA's warps.
plant wpt_counts_beyond_cta warp_priority_table warp_priority_table_c8_m48_a2.v count_within_cta \
  "s/arrivals = arrivals + 9${q}d1;/arrivals = arrivals + 9${q}d2;/"
# WPT: a release in the cycle of an arrival does not clear the count.
plant wpt_release_lost warp_priority_table warp_priority_table_c8_m48_a2.v release_clears \
  "s/if (release_i\[slot\]) begin/if (release_i[slot] \&\& arrivals == 9${q}d0) begin/"
# SAWS: of a waiting and a non-waiting CTA, the one not waiting ranks first.
plant saws_idle_first saws_arbiter saws_arbiter_w8_c4_m48_lrr.v first_hit_cta \
  's/= hit_waiting\[i_hit\];/= hit_waiting[j_hit];/' "${SMALL_SAWS[@]}"
# SAWS: the recorded order is not kept; CTAs waiting since earlier cycles rank by slot.
plant saws_forgets_order saws_arbiter saws_arbiter_w8_c4_m48_gto.v first_hit_cta \
  "s/= hit_before_q\[hit_pair(i_hit, j_hit)\];/= 1${q}b1;/" "${SMALL_SAWS[@]}"
# CFF (saws_gto mode): the pair bits read the wrong way round for a smaller slot, so the
# critical CTA is no longer the one that hit first.
plant cff_saws_order_reversed cff_fetch_arbiter cff_fetch_arbiter_w8_c4_m48_i2_saws_gto.v \
  first_hit_cta \
  's/if (cta_has_eligible\[j_first\] \&\& hit_before_d/if (cta_has_eligible[j_first] \&\& !hit_before_d/' \
  "${SMALL_CFF[@]}"
# CFF (2lev mode): the fetch group of scheduler 1 is forgotten; only scheduler 0's is preferred.
# Every violation of this breaks round_robin_after_last (a warp of scheduler 1's group skipped),
# not always stays_in_group (the grant may still fall in scheduler 0's group).
plant cff_2lev_port1_group_ignored cff_fetch_arbiter cff_fetch_arbiter_w12_c4_m48_i2_2lev_g4.v \
  round_robin_after_last "s/(greedy_valid_q\[1\] ? issue_group_1 : 12${q}d0)/12${q}d0/" \
  "${GROUPS_CFF[@]}"
# FEF: the buckets scanned the wrong way round (most entries first).
plant fef_most_first fef_fetch_arbiter fef_fetch_arbiter_w8_d2.v fewest_entries \
  's/for (v_fewest = 3; v_fewest >= 0; v_fewest = v_fewest - 1)/for (v_fewest = 0; v_fewest < 4; v_fewest = v_fewest + 1)/' \
  "${SMALL_FEF[@]}"
# FEF: ties always to the lowest warp (the scan ignores the warp fetched last).
plant fef_tie_lowest fef_fetch_arbiter fef_fetch_arbiter_w8_d2.v ties_round_robin \
  "s/ring_add(last_fetch_q,/ring_add(3${q}d7,/" "${SMALL_FEF[@]}"
# Two-level: the current group is not preferred (plain round robin over all warps).
plant two_level_no_groups two_level_arbiter two_level_arbiter_w12_g4.v stays_in_group \
  's/candidates = (|current_request) ? current_request : request_i;/candidates = request_i;/' \
  "${GROUPS_2LEV[@]}"
# Two-level: a group boundary one warp off (warp 8 counted in the group of warps 4..7).
plant two_level_boundary two_level_arbiter two_level_arbiter_w12_g4.v stays_in_group \
  "s/if (last_warp_q < 4${q}d8)/if (last_warp_q < 4${q}d9)/" "${GROUPS_2LEV[@]}"
# Two-level: inside a group always the lowest requesting warp, not round robin.
plant two_level_no_round_robin two_level_arbiter two_level_arbiter_w12_g4.v \
  round_robin_after_last "s/ring_add(last_warp_q,/ring_add(4${q}d11,/" "${GROUPS_2LEV[@]}"
echo "all planted violations caught"
