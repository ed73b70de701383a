#include "harness/coverage/inner_policy_cases.h"

namespace wf::harness {

InnerPolicyCases::InnerPolicyCases(CoverageTable& table, blocks::InnerPolicy inner)
    : round_robin_(table, "inside the CTA, round robin after its warp issued last",
                   inner == blocks::InnerPolicy::kLrr),
      greedy_(table, "inside the CTA, greedy on its warp issued last",
              inner == blocks::InnerPolicy::kGto) {}

void InnerPolicyCases::sample(std::uint64_t mine, unsigned warp, std::optional<unsigned> last) {
  round_robin_.sample(mine, warp, last);
  greedy_.sample(mine, warp, last);
}

}  // namespace wf::harness
