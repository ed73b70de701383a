# Planted bugs and property violations of two_level_arbiter: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# Two-level: the current group is not preferred (plain round robin over all warps).
bug two_level_no_groups two_level_arbiter_w24_g8.v \
  's/candidates = (|current_request) ? current_request : request_i;/candidates = request_i;/'
# Two-level: a group boundary one warp off (warp 16 counted in group 0).
bug two_level_boundary two_level_arbiter_w48_g16.v \
  's/if (last_warp_q < 6'"'"'d16)/if (last_warp_q < 6'"'"'d17)/'

# Two-level: the current group is not preferred (plain round robin over all warps).
violation two_level_no_groups two_level_arbiter_w12_g4.v stays_in_group \
  's/candidates = (|current_request) ? current_request : request_i;/candidates = request_i;/' \
  --param num_warps=12 --param group_size=4
# Two-level: a group boundary one warp off (warp 8 counted in the group of warps 4..7).
violation two_level_boundary two_level_arbiter_w12_g4.v stays_in_group \
  "s/if (last_warp_q < 4${q}d8)/if (last_warp_q < 4${q}d9)/" --param num_warps=12 --param group_size=4
# Two-level: inside a group always the lowest requesting warp, not round robin.
violation two_level_no_round_robin two_level_arbiter_w12_g4.v \
  round_robin_after_last "s/ring_add(last_warp_q,/ring_add(4${q}d11,/" --param num_warps=12 --param group_size=4
