# Planted bugs and property violations of subwarp_packer: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED                    FILE of the preset's configurations
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.

# A taken sub-warp's threads are not cleared: the same sub-warp again and again.
bug subwarp_no_clear subwarp_packer_k8_n32.v 's/mask_q <= remaining;/mask_q <= mask_q;/'
# Rows mode packs like pack mode (the memory-divergence optimisation lost).
bug subwarp_rows_pack subwarp_packer_k8_n32.v 's/(row_free || !rows_mode)) begin/(1'"'"'b1)) begin/'
# Every active row of a lane taken at once, the highest one sent: threads lost.
bug subwarp_all_rows subwarp_packer_k8_n32.v 's/ \&\& !pick_mask\[l_pick\] \&\&/ \&\&/'
# A load accepted whenever the sub-warp is taken, not only the last one: threads dropped.
bug subwarp_load_early subwarp_packer_k8_n32.v 's/(last \&\& subwarp_ready_i)/subwarp_ready_i/'
# A jump sends every sub-warp like pack.
bug subwarp_jump_packs subwarp_packer_k8_n32.v "s/single_mode ? 256${q}d0 : //"

violation subwarp_no_clear subwarp_packer_k4_n4.v subwarp_threads_unsent \
  's/mask_q <= remaining;/mask_q <= mask_q;/' --param num_rows=4 --param num_lanes=4
violation subwarp_rows_pack subwarp_packer_k4_n4.v rows_share_one_row \
  's/(row_free || !rows_mode)) begin/(1'"'"'b1)) begin/' --param num_rows=4 --param num_lanes=4
violation subwarp_all_rows subwarp_packer_k4_n4.v pack_lowest_active_rows \
  's/ \&\& !pick_mask\[l_pick\] \&\&/ \&\&/' --param num_rows=4 --param num_lanes=4
violation subwarp_load_early subwarp_packer_k4_n4.v load_only_when_drained \
  's/(last \&\& subwarp_ready_i)/subwarp_ready_i/' --param num_rows=4 --param num_lanes=4
violation subwarp_done_early subwarp_packer_k4_n4.v done_when_mask_empties \
  's/wire last    = offered \&\& ~|remaining;/wire last    = offered;/' \
  --param num_rows=4 --param num_lanes=4
violation subwarp_jump_packs subwarp_packer_k4_n4.v done_when_mask_empties \
  "s/single_mode ? 16${q}d0 : //" --param num_rows=4 --param num_lanes=4
# Row indices of lanes without a thread left as the last row scanned instead of 0.
violation subwarp_idle_rows subwarp_packer_k4_n4.v idle_lanes_zero \
  "s/pick_row  = 8${q}d0;/pick_row  = 8${q}hff;/" --param num_rows=4 --param num_lanes=4
