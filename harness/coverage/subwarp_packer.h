// Coverage of subwarp_packer: loads in every mode (and the reserved mode 3), empty and full
// masks, a load refused while threads are left and one accepted as the last sub-warp is taken,
// a sub-warp held, pack sub-warps mixing rows and filling every lane, a column of num_rows
// threads, rows mode sending a row with more left, the last sub-warp of each mode, a jump
// retiring threads it does not carry, and a reset with threads left. Out is this cycle's
// offer, before the edge that takes it.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "sim_model/blocks/subwarp_packer.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

class SubwarpPackerCoverage : public BlockCoverage<blocks::SubwarpPacker> {
 public:
  using Mode = blocks::SubwarpMode;

  explicit SubwarpPackerCoverage(const Params& p)
      : BlockCoverage(p),
        load_pack_(cases_.add("a pack instruction loads")),
        load_rows_(cases_.add("a rows (memory) instruction loads")),
        load_single_(cases_.add("a single (jump) instruction loads")),
        load_reserved_(cases_.add("mode 3 loads (packs)")),
        load_empty_(cases_.add("an empty mask loads (no sub-warp)")),
        load_full_(cases_.add("a full mask loads (every thread active)")),
        refused_(cases_.add("a load is refused while threads are left")),
        back_to_back_(cases_.add("a load is accepted as the last sub-warp is taken")),
        held_(cases_.add("an offered sub-warp waits (not taken)")),
        pack_mixed_(cases_.add("a pack sub-warp carries threads of two rows", p.num_rows >= 2)),
        pack_full_(cases_.add("a pack sub-warp fills every lane")),
        full_column_(cases_.add("a pack instruction has a column of num_rows threads")),
        rows_more_(cases_.add("a rows sub-warp leaves rows for later", p.num_rows >= 2)),
        done_pack_(cases_.add("the last pack sub-warp is taken")),
        done_rows_(cases_.add("the last rows sub-warp is taken")),
        done_single_(cases_.add("a jump's sub-warp is taken")),
        single_retires_(
            cases_.add("a jump retires threads its sub-warp does not carry", p.num_rows >= 2)),
        reset_clears_(cases_.add("reset clears threads left")) {}

  void sample(const blocks::SubwarpPacker& model, const In& in, const Out& out) {
    sample_outputs(out);
    const unsigned k = p_.num_rows;
    const std::uint64_t lanes = blocks::low_mask(p_.num_lanes);
    left_ = out.subwarp_valid;
    if (in.load_valid && out.load_ready) sample_load(in);
    cases_.hit(refused_, in.load_valid && !out.load_ready);
    cases_.hit(back_to_back_, in.load_valid && out.load_ready && out.subwarp_valid);
    if (!out.subwarp_valid) return;
    cases_.hit(held_, !in.subwarp_ready);
    const Mode mode = model.mode();
    if (mode == Mode::kPack) {
      bool mixed = false;
      for (unsigned l = 0; l < p_.num_lanes; ++l)
        mixed |= ((out.subwarp_mask >> l) & 1) && out.row[l] != out.row[first_lane(out)];
      cases_.hit(pack_mixed_, mixed);
      cases_.hit(pack_full_, out.subwarp_mask == lanes);
    }
    cases_.hit(rows_more_, mode == Mode::kRows && !out.done);
    if (mode == Mode::kSingle) {
      bool beyond = false;
      for (unsigned r = 0; r < k; ++r) {
        std::uint64_t carried = 0;
        for (unsigned l = 0; l < p_.num_lanes; ++l)
          if (((out.subwarp_mask >> l) & 1) && out.row[l] == r) carried |= std::uint64_t{1} << l;
        beyond |= (model.mask()[r] & ~carried) != 0;
      }
      cases_.hit(single_retires_, beyond);
    }
    if (in.subwarp_ready && out.done) {
      cases_.hit(done_pack_, mode == Mode::kPack);
      cases_.hit(done_rows_, mode == Mode::kRows);
      cases_.hit(done_single_, mode == Mode::kSingle);
    }
  }
  void reset() { cases_.hit(reset_clears_, left_); }

 private:
  void sample_load(const In& in) {
    const std::uint64_t lanes = blocks::low_mask(p_.num_lanes);
    const unsigned mode = in.mode & 3;
    cases_.hit(load_pack_, mode == 0);
    cases_.hit(load_rows_, mode == 1);
    cases_.hit(load_single_, mode == 2);
    cases_.hit(load_reserved_, mode == 3);
    std::uint64_t any = 0, all = lanes;
    for (unsigned r = 0; r < p_.num_rows; ++r) {
      any |= in.active_mask[r] & lanes;
      all &= in.active_mask[r];
    }
    cases_.hit(load_empty_, any == 0);
    cases_.hit(load_full_, all == lanes);
    cases_.hit(full_column_, all != 0 && blocks::SubwarpPacker::decode_mode(in.mode) ==
                                             blocks::SubwarpMode::kPack);
  }
  static unsigned first_lane(const Out& out) {
    return static_cast<unsigned>(blocks::lowest(out.subwarp_mask));
  }

  CoverageTable::Id load_pack_, load_rows_, load_single_, load_reserved_, load_empty_, load_full_,
      refused_, back_to_back_, held_, pack_mixed_, pack_full_, full_column_, rows_more_, done_pack_,
      done_rows_, done_single_, single_retires_, reset_clears_;
  bool left_ = false;  // a sub-warp was offered in the last cycle sampled
};

}  // namespace wf::harness
