// Coverage of blocklat_arbiter: the request cases; the CTA round robin (passing over the CTA
// that issued last, wrapping round the ring of slots, the same CTA again when it alone has a
// ready warp); inside the CTA the most-stalled warp winning over a lower ready warp, and a tie
// of stall counts going to the lower warp id.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "harness/coverage/request_cases.h"
#include "sim_model/blocks/blocklat_arbiter.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

class BlocklatArbiterCoverage : public BlockCoverage<blocks::BlocklatArbiter> {
 public:
  explicit BlocklatArbiterCoverage(const Params& p)
      : BlockCoverage(p),
        requests_(cases_, p.num_warps, "ready"),
        passes_(cases_.add("the CTA that issued last has a ready warp and another CTA goes")),
        wraps_(cases_.add("the CTA round robin wraps round the ring of CTA slots")),
        again_(cases_.add("the CTA that issued last goes again: no other CTA has a ready warp")),
        most_stalled_(cases_.add("the most-stalled warp wins over a lower ready warp of its CTA")),
        tie_(cases_.add("a tie of the largest stall count goes to the lower warp id")) {}

  void sample(const blocks::BlocklatArbiter& model, const In& in, const Out& out) {
    sample_outputs(out);
    const std::uint64_t ready = in.ready & blocks::low_mask(p_.num_warps);
    requests_.sample(ready);
    if (!out.grant_valid) return;
    const unsigned last = model.last_cta();
    const unsigned cta = in.warp_cta[out.grant_warp];
    const std::uint32_t has =
        blocks::ctas_with_warps(ready, in.warp_cta, p_.num_warps, p_.num_cta_slots);
    cases_.hit(passes_, cta != last && ((has >> last) & 1));
    cases_.hit(wraps_, cta < last);
    cases_.hit(again_, cta == last);
    const std::uint64_t mine = blocks::warps_of_cta(ready, in.warp_cta, p_.num_warps, cta);
    const unsigned count = in.stall_count[out.grant_warp];
    cases_.hit(most_stalled_, blocks::lowest(mine) != static_cast<int>(out.grant_warp));
    bool tie = false;
    for (std::uint64_t m = mine & ~out.grant; m; m &= m - 1)
      tie |= in.stall_count[static_cast<unsigned>(std::countr_zero(m))] == count;
    cases_.hit(tie_, tie);
  }

 private:
  RequestCases requests_;
  CoverageTable::Id passes_, wraps_, again_, most_stalled_, tie_;
};

}  // namespace wf::harness
