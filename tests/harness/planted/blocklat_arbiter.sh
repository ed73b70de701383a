# Planted bugs and property violations of blocklat_arbiter: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# Ties of the stall count go to the higher warp id.
bug blocklat_ties_high blocklat_arbiter_w24_c8_b11.v \
  "s/lo\[10:0\] >= hi\[10:0\]/lo[10:0] > hi[10:0]/"
# The CTAs' turn never moves: slot 0 always goes first.
bug blocklat_turn_stuck blocklat_arbiter_w24_c8_b11.v \
  "s/last_cta_q <= critical_cta;/last_cta_q <= last_cta_q;/"

# The least-stalled warp of the CTA goes first.
violation blocklat_least_stalled blocklat_arbiter_w24_c8_b5.v most_stalled_in_cta \
  "s/lo\[4:0\] >= hi\[4:0\]/lo[4:0] <= hi[4:0]/" \
  --param num_warps=24 --param num_cta_slots=8 --param count_bits=5
# Only the low half of the counts is compared (the narrow proof cannot see this; equivalence
# at the full width does).
bug blocklat_low_bits_only blocklat_arbiter_w24_c8_b11.v \
  "s/lo\[10:0\] >= hi\[10:0\]/lo[5:0] >= hi[5:0]/"
# The CTA that issued last keeps its turn while other CTAs have ready warps.
violation blocklat_turn_stays blocklat_arbiter_w6_c3_b3.v cta_round_robin \
  "s/if (cta_has_ready\[turn_candidate\]) begin/if (cta_has_ready[turn_candidate] \&\& !turn_valid) begin/" \
  --param num_warps=6 --param num_cta_slots=3 --param count_bits=3
