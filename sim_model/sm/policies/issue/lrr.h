// Issue policy `lrr` (the baseline, BAWS §2.2): loose round robin, from the warp after the one
// issued last.
#pragma once

#include "sim_model/blocks/lrr_arbiter.h"
#include "sim_model/sm/policies/issue_policy.h"

namespace wf::sm::policies {

class LrrIssue : public IssuePolicyBase, public OneBlockPolicy<blocks::LrrArbiter> {
 public:
  static constexpr const char* kName = "lrr";
  static constexpr const char* kHelp =
      "loose round robin from the warp after the one issued last (the baseline)";
  static constexpr bool kDefault = true;
  // The warp LRR issues next is the round-robin successor, which CFF's lrr mode fetches for
  // anyway: `--fetch cff` with lrr issue is lrr fetch.
  static constexpr const char* kCffMode = "lrr";

  explicit LrrIssue(const TimingConfig& c)
      : OneBlockPolicy(blocks::LrrArbiterParams::for_machine(c.machine).front()) {}

  int select(std::uint64_t ready, const SchedulerInputs&, const WptCounts&) {
    blocks::LrrArbiter::In in{};
    in.ready = ready;
    return granted(block_.step(in));
  }
};

WF_REGISTER_POLICY(LrrIssue)

}  // namespace wf::sm::policies
