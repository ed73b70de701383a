// Coverage of mwf_arbiter: the request cases, the most-waiting-first CTA order, and the inner
// policy of the chosen CTA.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "harness/coverage/cta_order_cases.h"
#include "harness/coverage/inner_policy_cases.h"
#include "harness/coverage/request_cases.h"
#include "sim_model/blocks/mwf_arbiter.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

class MwfArbiterCoverage : public BlockCoverage<blocks::MwfArbiter> {
 public:
  explicit MwfArbiterCoverage(const Params& p)
      : BlockCoverage(p),
        requests_(cases_, p.num_warps, "ready"),
        order_(cases_, p.num_cta_slots),
        inner_(cases_, p.inner) {}

  void sample(const In& in, const Out& out) {
    sample_outputs(out);
    const unsigned n = p_.num_warps;
    const std::uint64_t ready = in.ready & blocks::low_mask(n);
    requests_.sample(ready);
    if (!out.grant_valid) return;
    const unsigned cta = in.warp_cta[out.grant_warp];
    order_.sample(blocks::ctas_with_warps(ready, in.warp_cta, n, p_.num_cta_slots),
                  in.wpt_count.data(), cta);
    inner_.sample(blocks::warps_of_cta(ready, in.warp_cta, n, cta), cta, out.grant_warp);
    inner_.issued(cta, out.grant_warp);
  }
  void reset() { inner_.reset(); }

 private:
  RequestCases requests_;
  MostWaitingCases order_;
  InnerPolicyCases inner_;
};

}  // namespace wf::harness
