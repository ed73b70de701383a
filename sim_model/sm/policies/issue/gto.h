// Issue policy `gto` (BAWS §2.2): greedy then oldest. The warp issued last while it can go,
// else the oldest: the warp of the CTA dispatched first, ties to the lower warp.
#pragma once

#include "sim_model/blocks/gto_arbiter.h"
#include "sim_model/sm/policies/issue_policy.h"

namespace wf::sm::policies {

class GtoIssue : public IssuePolicyBase, public OneBlockPolicy<blocks::GtoArbiter> {
 public:
  static constexpr const char* kName = "gto";
  static constexpr const char* kHelp =
      "greedy then oldest: the warp issued last while it can go, else the oldest CTA's lowest "
      "warp";
  static constexpr const char* kCffMode = "gto";

  explicit GtoIssue(const TimingConfig& c)
      : OneBlockPolicy(blocks::GtoArbiterParams::for_machine(c.machine).front()) {}

  int select(std::uint64_t ready, const SchedulerInputs& s, const WptCounts&) {
    blocks::GtoArbiter::In in{};
    in.ready = ready;
    in.warp_cta = s.warp_cta;
    in.cta_age = s.cta_age;
    return granted(block_.step(in));
  }
};

WF_REGISTER_POLICY(GtoIssue)

}  // namespace wf::sm::policies
