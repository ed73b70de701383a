# Planted bugs and property violations of cff_fetch_arbiter: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# CFF: the LRR pointer never advances.
bug cff_lrr_stuck cff_fetch_arbiter_w48_c8_m48_i2_lrr.v \
  's/last_fetch_q <= grant_warp_o;/last_fetch_q <= last_fetch_q;/'
# CFF 2lev: the schedulers' fetch groups are not preferred (plain round robin).
bug cff_2lev_no_groups cff_fetch_arbiter_w48_c8_m48_i2_2lev_g16.v \
  's/candidates = (|current_eligible) ? current_eligible : eligible_i;/candidates = eligible_i;/'
# CFF saws_gto: only scheduler 0's issues are tracked for the CTA's last warp.
bug cff_saws_one_port cff_fetch_arbiter_w48_c8_m48_i2_saws_gto.v \
  's/if (issue_valid_i\[k_update\] \&\& issued_warp/if (issue_valid_i[k_update] \&\& k_update == 0 \&\& issued_warp/'
# CFF saws_lrr: the idle order inverted (first hits in the same cycle go to the larger slot).
bug cff_saws_tie cff_fetch_arbiter_w48_c8_m48_i2_saws_lrr.v \
  's/hit_before_d = {28{1'"'"'b1}};/hit_before_d = {28{1'"'"'b0}};/'

# CFF (gto mode) ignores the warp scheduler 0 issued last.
violation cff_greedy_port0_ignored cff_fetch_arbiter_w8_c4_m48_i2_gto.v greedy_first \
  's/k_greedy >= 0;/k_greedy >= 1;/' --param num_warps=8 --param num_cta_slots=4
# CFF (gto mode) forgets the warps the schedulers issued: its state leaves the issue ports'.
violation cff_greedy_forgotten cff_fetch_arbiter_w8_c4_m48_i2_gto.v \
  greedy_state_matches \
  "s/greedy_valid_q\[k_update\] <= 1${q}b1;/greedy_valid_q[k_update] <= 1${q}b0;/" --param num_warps=8 --param num_cta_slots=4
# CFF (saws_gto mode): the pair bits read the wrong way round for a smaller slot, so the
# critical CTA is no longer the one that hit first.
violation cff_saws_order_reversed cff_fetch_arbiter_w8_c4_m48_i2_saws_gto.v \
  first_hit_cta \
  's/if (cta_has_eligible\[j_first\] \&\& hit_before_d/if (cta_has_eligible[j_first] \&\& !hit_before_d/' \
  --param num_warps=8 --param num_cta_slots=4
# CFF (2lev mode): the fetch group of scheduler 1 is forgotten; only scheduler 0's is preferred.
# Every violation of this breaks round_robin_after_last (a warp of scheduler 1's group skipped),
# not always stays_in_group (the grant may still fall in scheduler 0's group).
violation cff_2lev_port1_group_ignored cff_fetch_arbiter_w12_c4_m48_i2_2lev_g4.v \
  round_robin_after_last "s/(greedy_valid_q\[1\] ? issue_group_1 : 12${q}d0)/12${q}d0/" \
  --param num_warps=12 --param num_cta_slots=4 --param group_size=4
