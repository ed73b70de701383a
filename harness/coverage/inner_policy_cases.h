// The policy inside the chosen CTA (sim_model/blocks/inner_policy.h) of the MWF and SAWS
// arbiters and CFF's mwf and saws modes: round robin after, or greedy on, the warp the CTA
// issued last, which the blocks remember per CTA slot (their inner_last()).
#pragma once

#include <cstdint>
#include <optional>

#include "harness/coverage/coverage_table.h"
#include "harness/coverage/remembered_warp_cases.h"
#include "sim_model/blocks/inner_policy.h"

namespace wf::harness {

class InnerPolicyCases {
 public:
  InnerPolicyCases(CoverageTable& table, blocks::InnerPolicy inner);
  // A grant of `warp` among the chosen CTA's candidate warps `mine`; `last`: the warp the CTA
  // issued last, as the block holds it.
  void sample(std::uint64_t mine, unsigned warp, std::optional<unsigned> last);

 private:
  RoundRobinCases round_robin_;
  GreedyCases greedy_;
};

}  // namespace wf::harness
