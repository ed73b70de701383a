# Planted bugs and property violations of mwf_arbiter: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# The issue's example: the tie-break between CTAs inverted (ties to the larger CTA slot).
bug mwf_tie_break mwf_arbiter_w24_c8_m48_gto.v \
  's/wpt_count_i\[c_critical\*6 +: 6\] > critical_count/wpt_count_i[c_critical*6 +: 6] >= critical_count/'
# Most-waiting-first turned into least-waiting-first.
bug mwf_least_waiting mwf_arbiter_w24_c8_m48_lrr.v \
  's/wpt_count_i\[c_critical\*6 +: 6\] > critical_count/wpt_count_i[c_critical*6 +: 6] < critical_count/'
# GTO inside the CTA forgets to be greedy.
bug mwf_not_greedy mwf_arbiter_w24_c8_m48_gto.v \
  's/assign grant_warp_o  = greedy_ready ? critical_last_warp : oldest_warp;/assign grant_warp_o  = oldest_warp;/'

# Two warps granted at once.
violation mwf_two_grants mwf_arbiter_w24_c8_m48_gto.v grant_at_most_one \
  "s/(24${q}d1 << grant_warp_o)/(24${q}d3 << grant_warp_o)/"
# Most-waiting-first turned into least-waiting-first.
violation mwf_least_waiting mwf_arbiter_w24_c8_m48_lrr.v most_waiting_cta \
  's/wpt_count_i\[c_critical\*6 +: 6\] > critical_count/wpt_count_i[c_critical*6 +: 6] < critical_count/'
