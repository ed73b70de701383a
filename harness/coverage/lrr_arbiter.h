// Coverage of lrr_arbiter: the request cases, and round robin after the warp issued last.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "harness/coverage/remembered_warp_cases.h"
#include "harness/coverage/request_cases.h"
#include "sim_model/blocks/lrr_arbiter.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

class LrrArbiterCoverage : public BlockCoverage<blocks::LrrArbiter> {
 public:
  explicit LrrArbiterCoverage(const Params& p)
      : BlockCoverage(p),
        requests_(cases_, p.num_warps, "ready"),
        round_robin_(cases_, "round robin after the warp issued last") {}

  void sample(const blocks::LrrArbiter& model, const In& in, const Out& out) {
    sample_outputs(out);
    const std::uint64_t ready = in.ready & blocks::low_mask(p_.num_warps);
    requests_.sample(ready);
    if (out.grant_valid) round_robin_.sample(ready, out.grant_warp, model.last_warp());
  }

 private:
  RequestCases requests_;
  RoundRobinCases round_robin_;
};

}  // namespace wf::harness
