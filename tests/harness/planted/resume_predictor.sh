# Planted bugs and property violations of resume_predictor: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED [--param k=v ...]  FILE of the preset's configurations (default) or
#                                        generated with those parameters
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.
# Only awg-apu has a SyncMon: every plant is made in the tiny corner (4 conditions, 2 timers of
# 2 cycles on a 3-bit time count), whose timers are busy most of the time.
resume_tiny=resume_predictor_s2_w2_e4_u2_t2_n2.v

# "More than two" read as "at least two" unique updates: two resume all.
bug resume_two_updates_all $resume_tiny \
  "s/wire spread = met_unique_i > TWO_UPDATES;/wire spread = met_unique_i >= TWO_UPDATES;/" \
  --corner tiny
# Cancel no longer frees the condition's timer: a stale timer expires later.
bug resume_cancel_keeps_timer $resume_tiny \
  "/if (cancel_valid_i \&\& cond_q\[s_find\*COND_BITS +: COND_BITS\] == cancel_cond_i)/{n;s/kept\[s_find\] = 1${q}b0;/kept[s_find] = kept[s_find];/}" \
  --corner tiny
# The deadline compared as an unsigned number: a deadline past the wrap expires at once.
bug resume_unsigned_deadline $resume_tiny \
  "s/expired\[s_exp\] = valid_q\[s_exp\] \&\& !since_deadline\[TIME_BITS-1\];/expired[s_exp] = valid_q[s_exp] \&\& now_i >= deadline_q[s_exp*TIME_BITS +: TIME_BITS];/" \
  --corner tiny
# No fallback: with every timer busy a resume-one guess resumes one and arms nothing.
bug resume_no_fallback $resume_tiny \
  "s/assign resume_all_o = met_valid_i \&\& ((many \&\& spread) || fallback);/assign resume_all_o = met_valid_i \&\& many \&\& spread;/" \
  --corner tiny

# The fallback dropped from the output (the rule's property sees it at once).
violation resume_rule_without_fallback $resume_tiny decision_rule \
  "s/assign resume_all_o = met_valid_i \&\& ((many \&\& spread) || fallback);/assign resume_all_o = met_valid_i \&\& many \&\& spread;/" \
  --corner tiny
# Cancel no longer frees the condition's timer.
violation resume_cancel_keeps_slot $resume_tiny cancel_frees_slot \
  "/if (cancel_valid_i \&\& cond_q\[s_find\*COND_BITS +: COND_BITS\] == cancel_cond_i)/{n;s/kept\[s_find\] = 1${q}b0;/kept[s_find] = kept[s_find];/}" \
  --corner tiny
# The unsigned deadline compare: a timer armed just before the count wraps expires at once.
violation resume_unsigned_compare $resume_tiny timeout_not_early \
  "s/expired\[s_exp\] = valid_q\[s_exp\] \&\& !since_deadline\[TIME_BITS-1\];/expired[s_exp] = valid_q[s_exp] \&\& now_i >= deadline_q[s_exp*TIME_BITS +: TIME_BITS];/" \
  --corner tiny
# A re-arm takes a free slot instead of its condition's: the condition holds two timers.
violation resume_rearm_new_slot $resume_tiny one_slot_per_condition \
  "s/wire \[SLOT_BITS-1:0\] arm_slot = hit ? hit_slot : free_slot;/wire [SLOT_BITS-1:0] arm_slot = free ? free_slot : hit_slot;/" \
  --corner tiny
# A met event frees its condition's timer only when at most one waiter was left, forgetting
# that resume all leaves none either.
violation resume_all_keeps_timer $resume_tiny met_without_guess_frees_slot \
  "s/else if (met_valid_i \&\& hit) valid_d\[hit_slot\] = 1${q}b0;/else if (met_valid_i \&\& hit \&\& !many) valid_d[hit_slot] = 1${q}b0;/" \
  --corner tiny
