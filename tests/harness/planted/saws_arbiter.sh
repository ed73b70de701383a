# Planted bugs and property violations of saws_arbiter: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# SAWS: CTAs not waiting at a barrier ranked before the waiting ones.
bug saws_waiting_last saws_arbiter_w24_c8_m48_lrr.v \
  's/= hit_waiting\[i_hit\];/= hit_waiting[j_hit];/'
# SAWS: the recorded order is not kept; CTAs waiting since earlier cycles rank by slot.
bug saws_forgets_order saws_arbiter_w24_c8_m48_gto.v \
  's/= hit_before_q\[hit_pair(i_hit, j_hit)\];/= 1'"'"'b1;/'

# SAWS: of a waiting and a non-waiting CTA, the one not waiting ranks first.
violation saws_idle_first saws_arbiter_w8_c4_m48_lrr.v first_hit_cta \
  's/= hit_waiting\[i_hit\];/= hit_waiting[j_hit];/' --param num_warps=8 --param num_cta_slots=4
# SAWS: the recorded order is not kept; CTAs waiting since earlier cycles rank by slot.
violation saws_forgets_order saws_arbiter_w8_c4_m48_gto.v first_hit_cta \
  "s/= hit_before_q\[hit_pair(i_hit, j_hit)\];/= 1${q}b1;/" --param num_warps=8 --param num_cta_slots=4
