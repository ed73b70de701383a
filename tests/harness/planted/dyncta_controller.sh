# Planted bugs and property violations of dyncta_controller: edits a careless hand-optimisation
# of its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# DYNCTA: C_idle must exceed t_idle instead of reaching it.
bug dyncta_idle_strict dyncta_controller_c8_b11_p2048_i16_l128_h384.v \
  "s/idle_sum >= 12${q}d16/idle_sum > 12${q}d16/"
# DYNCTA: C_mem at t_mem_low still counts as light.
bug dyncta_mem_low_inclusive dyncta_controller_c8_b11_p2048_i16_l128_h384.v \
  "s/mem_sum < 12${q}d128/mem_sum <= 12${q}d128/"
# DYNCTA: a period one cycle short.
bug dyncta_short_period dyncta_controller_c8_b11_p2048_i16_l128_h384.v \
  "s/phase_q == 11${q}d2047/phase_q == 11${q}d2046/"

# Violations on two-cycle periods, so that a counterexample is a few periods deep.
P2=(--param num_cta_slots=2 --param counter_bits=1 --param period=2 --param t_idle=1
    --param t_mem_low=1 --param t_mem_high=2)
# DYNCTA: the raise forgets the upper bound.
violation dyncta_no_upper_bound dyncta_controller_c2_b1_p2_i1_l1_h2.v limit_in_range \
  "s/if (raise \&\& limit_q < max_limit_q)/if (raise)/" "${P2[@]}"
# DYNCTA: the memory counter is not cleared at a period's end.
violation dyncta_mem_not_cleared dyncta_controller_c2_b1_p2_i1_l1_h2.v \
  counters_clear_each_period "/C_mem of the new period/d" "${P2[@]}"
# DYNCTA: the memory counter copies the idle count (a copy-paste slip).
violation dyncta_mem_counts_idle dyncta_controller_c5_b4_p11_i3_l4_h7.v counters_never_wrap \
  "s/mem_count_q  <= mem_sum\[3:0\];/mem_count_q  <= idle_sum[3:0];/" \
  --param num_cta_slots=5 --param counter_bits=4 --param period=11 --param t_idle=3 \
  --param t_mem_low=4 --param t_mem_high=7
# DYNCTA: C_mem decides before C_idle (the rules' order swapped).
violation dyncta_mem_before_idle dyncta_controller_c2_b1_p2_i1_l1_h2.v raise_when_idle \
  "s/wire lower = !raise \&\& mem_sum >= 2${q}d2;/wire lower = mem_sum >= 2${q}d2;/;s/if (raise \&\& limit_q < max_limit_q)/if (raise \&\& !lower \&\& limit_q < max_limit_q)/" \
  "${P2[@]}"
# A launch keeps the old N (a kernel with fewer CTAs per SM could get n above them).
violation dyncta_launch_keeps_n dyncta_controller_c2_b1_p2_i1_l1_h2.v launch_loads \
  "s/      max_limit_q  <= launch_limit;//" "${P2[@]}"
