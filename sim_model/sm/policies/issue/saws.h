// Issue policy `saws` (Liu et al., MICRO 2015; BAWS §6.6): the CTA that first hit its current
// barrier goes first (waiting CTAs by first-hit time, then the rest, ties to the smaller slot),
// inside it greedy then oldest, as SAWS builds on GTO.
#pragma once

#include <stdexcept>

#include "sim_model/blocks/saws_arbiter.h"
#include "sim_model/sm/policies/issue_policy.h"

namespace wf::sm::policies {

class SawsIssue : public IssuePolicyBase, public OneBlockPolicy<blocks::SawsArbiter> {
 public:
  static constexpr const char* kName = "saws";
  static constexpr const char* kHelp =
      "the CTA that first hit its current barrier first, inside it greedy then oldest";
  // The arbiter keeps the first-hit order of the CTAs, which follows every change of the warp
  // priority table's counts, ready warps or not.
  static constexpr bool kCallsWithoutReady = true;
  static constexpr const char* kCffMode = "saws_gto";

  explicit SawsIssue(const TimingConfig& c) : OneBlockPolicy(params(c.machine)) {}

  int select(std::uint64_t ready, const SchedulerInputs& s, const WptCounts& wpt) {
    blocks::SawsArbiter::In in{};
    in.ready = ready;
    in.warp_cta = s.warp_cta;
    in.wpt_count = wpt;
    return granted(block_.step(in));
  }

 private:
  static blocks::SawsArbiterParams params(const Machine& m) {
    for (const auto& p : blocks::SawsArbiterParams::for_machine(m))
      if (p.inner == blocks::InnerPolicy::kGto) return p;
    throw std::logic_error("the preset lists no configuration of this inner policy");
  }
};

WF_REGISTER_POLICY(SawsIssue)

}  // namespace wf::sm::policies
