// Coverage of warp_priority_table: arrivals (two at one slot in a cycle needs two ports), the
// release of a waiting slot and a release winning over a same-cycle arrival, all warps of the
// largest CTA waiting (count = max_warps_per_cta), arrivals beyond it saturating, and a reset
// clearing waiting counts. Out is the count before this cycle's edge, so the cycle's events
// and the count they act on are both in view.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "sim_model/blocks/warp_priority_table.h"

namespace wf::harness {

class WarpPriorityTableCoverage : public BlockCoverage<blocks::WarpPriorityTable> {
 public:
  explicit WarpPriorityTableCoverage(const Params& p)
      : BlockCoverage(p),
        arrival_(cases_.add("a warp arrives")),
        two_arrivals_(
            cases_.add("two warps arrive at one slot in a cycle", p.num_arrive_ports >= 2)),
        release_(cases_.add("a waiting slot releases")),
        release_wins_(cases_.add("a release wins over an arrival in the same cycle")),
        full_(cases_.add("all warps of the largest CTA wait (count = max_warps_per_cta)")),
        saturates_(cases_.add("arrivals beyond max_warps_per_cta saturate")),
        reset_clears_(cases_.add("reset clears waiting counts")) {}

  // A point counts cycles: hit once when its case occurs at any slot.
  void sample(const blocks::WarpPriorityTable&, const In& in, const Out& out) {
    sample_outputs(out);
    bool arrival = false, two = false, release = false, release_wins = false, full = false,
         saturates = false;
    waiting_ = false;
    for (unsigned s = 0; s < p_.num_cta_slots; ++s) {
      unsigned arrivals = 0;
      for (unsigned k = 0; k < p_.num_arrive_ports; ++k)
        arrivals += in.arrive_valid[k] && in.arrive_cta[k] == s;
      const unsigned count = out.count[s];
      waiting_ |= count != 0;
      full |= count == p_.max_warps_per_cta;
      if ((in.release >> s) & 1) {
        release |= count != 0;
        release_wins |= arrivals != 0;
      } else {
        arrival |= arrivals != 0;
        two |= arrivals >= 2;
        saturates |= count + arrivals > p_.max_warps_per_cta;
      }
    }
    cases_.hit(arrival_, arrival);
    cases_.hit(two_arrivals_, two);
    cases_.hit(release_, release);
    cases_.hit(release_wins_, release_wins);
    cases_.hit(full_, full);
    cases_.hit(saturates_, saturates);
  }
  void reset() { cases_.hit(reset_clears_, waiting_); }

 private:
  CoverageTable::Id arrival_, two_arrivals_, release_, release_wins_, full_, saturates_,
      reset_clears_;
  bool waiting_ = false;  // some count was non-zero in the last cycle sampled
};

}  // namespace wf::harness
