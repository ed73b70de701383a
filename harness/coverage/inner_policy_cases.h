// The policy inside the chosen CTA (sim_model/blocks/inner_policy.h) of mwf_arbiter,
// saws_arbiter and cff's mwf and saws modes: round robin after, or greedy on, the warp the CTA
// issued last. The blocks remember that warp per CTA slot; so does this shadow, from the grants
// (issue arbiters) or the issue ports (cff), by the blocks' rule.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "harness/coverage/coverage_table.h"
#include "harness/coverage/remembered_warp_cases.h"
#include "sim_model/blocks/inner_policy.h"

namespace wf::harness {

class InnerPolicyCases {
 public:
  InnerPolicyCases(CoverageTable& table, blocks::InnerPolicy inner);
  // A grant of `warp` in CTA slot `cta`, among the CTA's candidate warps `mine`.
  void sample(std::uint64_t mine, unsigned cta, unsigned warp);
  // CTA slot `cta` issued `warp` (at this cycle's clock edge).
  void issued(unsigned cta, unsigned warp) { last_[cta] = warp; }
  void reset() { last_.fill(std::nullopt); }

 private:
  RoundRobinCases round_robin_;
  GreedyCases greedy_;
  std::array<std::optional<unsigned>, 32> last_{};
};

}  // namespace wf::harness
