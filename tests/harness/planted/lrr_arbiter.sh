# Planted bugs and property violations of lrr_arbiter: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# LRR: reset value off by one (warp 1 first instead of warp 0).
bug lrr_reset lrr_arbiter_w24.v 's/last_warp_q <= 5'"'"'d23;/last_warp_q <= 5'"'"'d0;/'

# Arbiters: a grant that ignores the request mask.
violation lrr_grant_ignores_request lrr_arbiter_w24.v grant_only_requesters \
  "s/if (ready_i\[next_candidate\]) begin/if (ready_i[next_candidate] || next_candidate == 5${q}d3) begin/"
# The round robin never looks at the warp right after the last one: a lone requester starves.
violation lrr_skips_next_warp lrr_arbiter_w24.v grant_when_requested \
  's/step_next >= 1;/step_next >= 2;/'
