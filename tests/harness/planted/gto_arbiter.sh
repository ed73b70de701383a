# Planted bugs and property violations of gto_arbiter: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# GTO: ties by age go to the higher warp.
bug gto_age_tie gto_arbiter_w24_c8.v 's/warp_age\[w_oldest\*3 +: 3\] < oldest_age/warp_age[w_oldest*3 +: 3] <= oldest_age/'

# GTO keeps its greedy warp even when it is not ready.
violation gto_greedy_not_ready gto_arbiter_w24_c8.v grant_only_requesters \
  's/wire greedy_ready = greedy_valid_q \&\& ready_i\[greedy_warp_q\];/wire greedy_ready = greedy_valid_q;/'
# GTO ties by age go to the higher warp.
violation gto_age_tie gto_arbiter_w24_c8.v oldest_unless_greedy \
  's/warp_age\[w_oldest\*3 +: 3\] < oldest_age/warp_age[w_oldest*3 +: 3] <= oldest_age/'
