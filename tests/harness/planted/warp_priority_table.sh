# Planted bugs and property violations of warp_priority_table: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# WPT: arrival wins over release.
bug wpt_release_order warp_priority_table_c8_m48_a2.v \
  's/if (release_i\[slot\]) begin/if (release_i[slot] \&\& arrivals == 9'"'"'d0) begin/'
# WPT: no saturation.
bug wpt_no_saturation warp_priority_table_c8_m48_a2.v \
  's/if (arrivals > 9'"'"'d48) arrivals = 9'"'"'d48;//'

# WPT: a counter that wraps instead of saturating.
violation wpt_wraps warp_priority_table_c8_m4_a2.v count_saturates \
  "s/if (arrivals > 6${q}d4) arrivals = 6${q}d4;/if (arrivals > 6${q}d4) arrivals = arrivals - 6${q}d5;/" \
  --param max_warps_per_cta=4
# WPT: an arrival counted twice, so a count climbs past the CTA's warps.
violation wpt_counts_beyond_cta warp_priority_table_c8_m48_a2.v count_within_cta \
  "s/arrivals = arrivals + 9${q}d1;/arrivals = arrivals + 9${q}d2;/"
# WPT: a release in the cycle of an arrival does not clear the count.
violation wpt_release_lost warp_priority_table_c8_m48_a2.v release_clears \
  "s/if (release_i\[slot\]) begin/if (release_i[slot] \&\& arrivals == 9${q}d0) begin/"
