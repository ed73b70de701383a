# Planted bugs and property violations of sm_throttle_controller: edits a careless
# hand-optimisation of its generated RTL could make. Sourced by tests/harness/planted.sh: in mode
# `bugs` each `bug` must make `warpforge equiv --rtl` report a mismatch, in mode `violations`
# each `violation` must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# SM throttle: an equal contention lowers n too.
bug sm_throttle_equal_lowers sm_throttle_controller_s15_b16.v \
  "s/wire lower = contention > last_q/wire lower = contention >= last_q/"
# SM throttle: n may drop to one SM.
bug sm_throttle_floor_one sm_throttle_controller_s15_b16.v \
  "s/enabled_q > 4${q}d2/enabled_q > 4${q}d1/"
# SM throttle: the DRAM-full count twice, the interconnect stalls forgotten (a copy-paste slip).
bug sm_throttle_icnt_ignored sm_throttle_controller_s15_b16.v \
  "s/+ {1${q}b0, icnt_stall_i}/+ {1${q}b0, dram_full_i}/"
# SM throttle: the last contention stored at the counts' width, losing the sum's carry.
bug sm_throttle_last_narrow sm_throttle_controller_s15_b16.v \
  "s/last_q    <= contention;/last_q    <= {1${q}b0, contention[15:0]};/"

# Violations on four SMs and 2-bit counts, so that a counterexample is a few rounds deep.
S4=(--param num_sms=4 --param count_bits=2)
# SM throttle: the lowering forgets its floor of two SMs.
violation sm_throttle_no_floor sm_throttle_controller_s4_b2.v enabled_at_least_two \
  "s/ \&\& enabled_q > 3${q}d2//" "${S4[@]}"
# SM throttle: the raise forgets the ceiling of all SMs.
violation sm_throttle_no_ceiling sm_throttle_controller_s4_b2.v enabled_in_range \
  "s/ \&\& enabled_q < 3${q}d4//" "${S4[@]}"
# SM throttle: the state advances in every cycle, not only at a round's end.
violation sm_throttle_every_cycle sm_throttle_controller_s4_b2.v enabled_moves_only_at_round \
  "s/end else if (valid_i) begin/end else begin/" "${S4[@]}"
# SM throttle: the round's contention is never stored (last stays 0).
violation sm_throttle_last_not_stored sm_throttle_controller_s4_b2.v last_tracks_contention \
  "/last_q    <= contention;/d" "${S4[@]}"
