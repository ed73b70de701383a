// Issue policies `mwf-lrr` and `mwf-gto` (BAWS §4.1): most waiting first. The CTA with the most
// warps waiting at its barrier (the warp priority table's count) goes first, ties to the
// smaller CTA slot; inside it round robin after the CTA's warp issued last (mwf-lrr), or that
// warp again if it can go, else the CTA's lowest warp (mwf-gto). One MWF arbiter per scheduler,
// in the configuration of the inner policy.
#pragma once

#include <stdexcept>

#include "sim_model/blocks/mwf_arbiter.h"
#include "sim_model/sm/policies/issue_policy.h"

namespace wf::sm::policies {

template <blocks::InnerPolicy kInner>
class MwfIssue : public IssuePolicyBase, public OneBlockPolicy<blocks::MwfArbiter> {
 public:
  explicit MwfIssue(const TimingConfig& c) : OneBlockPolicy(params(c.machine)) {}

  int select(std::uint64_t ready, const SchedulerInputs& s, const WptCounts& wpt) {
    blocks::MwfArbiter::In in{};
    in.ready = ready;
    in.warp_cta = s.warp_cta;
    in.wpt_count = wpt;
    return granted(block_.step(in));
  }

 private:
  // The preset's configurations list every inner policy; this one's.
  static blocks::MwfArbiterParams params(const Machine& m) {
    for (const auto& p : blocks::MwfArbiterParams::for_machine(m))
      if (p.inner == kInner) return p;
    throw std::logic_error("the preset lists no configuration of this inner policy");
  }
};

class MwfLrrIssue : public MwfIssue<blocks::InnerPolicy::kLrr> {
 public:
  static constexpr const char* kName = "mwf-lrr";
  static constexpr const char* kHelp =
      "most waiting first: the CTA with the most barrier waiters, inside it round robin (BAWS)";
  static constexpr const char* kCffMode = "mwf_lrr";
  using MwfIssue::MwfIssue;
};

class MwfGtoIssue : public MwfIssue<blocks::InnerPolicy::kGto> {
 public:
  static constexpr const char* kName = "mwf-gto";
  static constexpr const char* kHelp =
      "most waiting first: the CTA with the most barrier waiters, inside it greedy then oldest "
      "(BAWS)";
  static constexpr const char* kCffMode = "mwf_gto";
  using MwfIssue::MwfIssue;
};

WF_REGISTER_POLICY(MwfLrrIssue)
WF_REGISTER_POLICY(MwfGtoIssue)

}  // namespace wf::sm::policies
