// Coverage of gto_arbiter: the request cases, greedy on the warp issued last, and the
// oldest-first fallback.
#pragma once

#include <optional>

#include "harness/coverage/age_order_cases.h"
#include "harness/coverage/block_coverage.h"
#include "harness/coverage/remembered_warp_cases.h"
#include "harness/coverage/request_cases.h"
#include "sim_model/blocks/gto_arbiter.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

class GtoArbiterCoverage : public BlockCoverage<blocks::GtoArbiter> {
 public:
  explicit GtoArbiterCoverage(const Params& p)
      : BlockCoverage(p),
        requests_(cases_, p.num_warps, "ready"),
        greedy_(cases_, "greedy on the warp issued last"),
        oldest_(cases_, p.num_warps) {}

  void sample(const blocks::GtoArbiter& model, const In& in, const Out& out) {
    sample_outputs(out);
    const std::uint64_t ready = in.ready & blocks::low_mask(p_.num_warps);
    requests_.sample(ready);
    if (!out.grant_valid) return;
    const std::optional<unsigned> last = model.greedy_warp();
    greedy_.sample(ready, out.grant_warp, last);
    if (!last || !((ready >> *last) & 1))
      oldest_.sample(ready, in.warp_cta.data(), in.cta_age.data(), out.grant_warp);
  }

 private:
  RequestCases requests_;
  GreedyCases greedy_;
  AgeOrderCases oldest_;
};

}  // namespace wf::harness
