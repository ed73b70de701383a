# Planted bugs and property violations of stall_counter_bank: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# A counter past its maximum wraps to 0 instead of saturating.
bug bank_wraps stall_counter_bank_w24_b11.v \
  "s/ \&\& count_q\[w_count\*COUNT_BITS +: COUNT_BITS\] != 11${q}d2047//"
# A stall wins over a same-cycle clear.
bug bank_stall_beats_clear stall_counter_bank_w24_b11.v \
  "s/if (clear_i\[w_count\]) begin/if (clear_i[w_count] \&\& !stall_i[w_count]) begin/"

# A counter that wraps instead of saturating (2-bit counters: the base case reaches 3 + 1).
violation bank_wraps stall_counter_bank_w24_b2.v count_saturates \
  "s/ \&\& count_q\[w_count\*COUNT_BITS +: COUNT_BITS\] != 2${q}d3//" --param count_bits=2
# A stall counted twice.
violation bank_steps_by_two stall_counter_bank_w24_b11.v count_moves_by_at_most_one \
  "s/count_q\[w_count\*COUNT_BITS +: COUNT_BITS\] + 11${q}d1;/count_q[w_count*COUNT_BITS +: COUNT_BITS] + 11${q}d2;/"
# A clear lost in the cycle its warp stalls.
violation bank_clear_lost stall_counter_bank_w24_b11.v clear_clears \
  "s/if (clear_i\[w_count\]) begin/if (clear_i[w_count] \&\& !stall_i[w_count]) begin/"
