# Planted bugs and property violations of fef_fetch_arbiter: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# FEF: the buckets scanned the wrong way round (most entries first).
bug fef_most_first fef_fetch_arbiter_w48_d2.v \
  's/for (v_fewest = 3; v_fewest >= 0; v_fewest = v_fewest - 1)/for (v_fewest = 0; v_fewest < 4; v_fewest = v_fewest + 1)/'
# FEF: ties always to the lowest warp (the round-robin pointer is never written).
bug fef_tie_lowest fef_fetch_arbiter_w48_d2.v \
  's/last_fetch_q <= grant_warp_o;/last_fetch_q <= 6'"'"'d47;/'

# FEF: the buckets scanned the wrong way round (most entries first).
violation fef_most_first fef_fetch_arbiter_w8_d2.v fewest_entries \
  's/for (v_fewest = 3; v_fewest >= 0; v_fewest = v_fewest - 1)/for (v_fewest = 0; v_fewest < 4; v_fewest = v_fewest + 1)/' \
  --param num_warps=8
# FEF: ties always to the lowest warp (the scan ignores the warp fetched last).
violation fef_tie_lowest fef_fetch_arbiter_w8_d2.v ties_round_robin \
  "s/ring_add(last_fetch_q,/ring_add(3${q}d7,/" --param num_warps=8
