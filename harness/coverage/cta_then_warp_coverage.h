// Coverage of the CTA-then-warp issue arbiters (MWF and SAWS): the request cases,
// the CTA order (Order: MostWaitingCases or FirstHitCases, cta_order_cases.h) and the inner
// policy of the chosen CTA. The two blocks differ only in their CTA order, and so do these.
#pragma once

#include <optional>

#include "harness/coverage/block_coverage.h"
#include "harness/coverage/cta_order_cases.h"
#include "harness/coverage/inner_policy_cases.h"
#include "harness/coverage/request_cases.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

template <class Block, class Order>
class CtaThenWarpCoverage : public BlockCoverage<Block> {
 public:
  using Base = BlockCoverage<Block>;
  using typename Base::In;
  using typename Base::Out;
  using typename Base::Params;

  explicit CtaThenWarpCoverage(const Params& p)
      : Base(p),
        requests_(this->cases_, p.num_warps, "ready"),
        order_(this->cases_, p.num_cta_slots),
        inner_(this->cases_, p.inner) {}

  void sample(const Block& model, const In& in, const Out& out) {
    this->sample_outputs(out);
    const unsigned n = this->p_.num_warps;
    const std::uint64_t ready = in.ready & blocks::low_mask(n);
    requests_.sample(ready);
    std::optional<unsigned> cta;
    if (out.grant_valid) cta = in.warp_cta[out.grant_warp];
    order_.sample(blocks::ctas_with_warps(ready, in.warp_cta, n, this->p_.num_cta_slots),
                  in.wpt_count.data(), cta);
    if (!cta) return;
    inner_.sample(blocks::warps_of_cta(ready, in.warp_cta, n, *cta), out.grant_warp,
                  model.inner_last(*cta));
  }
  void reset() { order_.reset(); }

 private:
  RequestCases requests_;
  Order order_;
  InnerPolicyCases inner_;
};

}  // namespace wf::harness
