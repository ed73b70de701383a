// Coverage of stall_counter_bank: a stall counted, a stalled counter at its maximum staying
// there, every warp stalling in one cycle, a clear of a non-zero counter and a clear winning
// over a same-cycle stall, and a reset clearing non-zero counters. Out is the counts before
// this cycle's edge, so the cycle's stalls and clears and the counts they act on are in view.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "sim_model/blocks/stall_counter_bank.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

class StallCounterBankCoverage : public BlockCoverage<blocks::StallCounterBank> {
 public:
  explicit StallCounterBankCoverage(const Params& p)
      : BlockCoverage(p),
        counts_(cases_.add("a stalled warp's counter grows")),
        saturates_(cases_.add("a stalled warp's counter at its maximum stays there")),
        every_(cases_.add("every warp stalls in one cycle")),
        clear_(cases_.add("a non-zero counter clears")),
        clear_wins_(cases_.add("a clear wins over a stall in the same cycle")),
        reset_clears_(cases_.add("reset clears non-zero counters")) {}

  // A point counts cycles: hit once when its case occurs at any warp.
  void sample(const blocks::StallCounterBank&, const In& in, const Out& out) {
    sample_outputs(out);
    const std::uint64_t warps = blocks::low_mask(p_.num_warps);
    const std::uint64_t stall = in.stall & warps, clear = in.clear & warps;
    bool counts = false, saturates = false, cleared = false;
    counting_ = false;
    for (unsigned w = 0; w < p_.num_warps; ++w) {
      const unsigned count = out.count[w];
      counting_ |= count != 0;
      const bool s = (stall >> w) & 1, c = (clear >> w) & 1;
      if (c) {
        cleared |= count != 0;
      } else if (s) {
        counts |= count < p_.max_count();
        saturates |= count == p_.max_count();
      }
    }
    cases_.hit(counts_, counts);
    cases_.hit(saturates_, saturates);
    cases_.hit(every_, stall == warps);
    cases_.hit(clear_, cleared);
    cases_.hit(clear_wins_, (stall & clear) != 0);
  }
  void reset() { cases_.hit(reset_clears_, counting_); }

 private:
  CoverageTable::Id counts_, saturates_, every_, clear_, clear_wins_, reset_clears_;
  bool counting_ = false;  // some counter was non-zero in the last cycle sampled
};

}  // namespace wf::harness
