// CTA dispatch policy `static`: `max` with every SM capped at a fixed number of CTAs, [sm]
// cta_limit (`warpforge sim --cta-limit N`), the static CTA count of DYNCTA's exhaustive "opt"
// search (Kayiran et al., PACT 2013, Fig. 1 and 9). A cap above the kernel's occupancy limit is
// that limit: the SM fills up as under `max`.
#pragma once

#include <string>
#include <string_view>

#include "sim_model/sm/policies/capped_round_robin.h"
#include "sim_model/sm/policies/dispatch_policy.h"

namespace wf::sm::policies {

class StaticDispatch : public DispatchPolicyBase {
 public:
  static constexpr const char* kName = "static";
  static constexpr const char* kHelp =
      "max, with at most cta_limit CTAs per SM (--cta-limit N; DYNCTA's static opt)";

  explicit StaticDispatch(const TimingConfig& c) : limit_(c.cta_limit) {}
  // The only reader of [sm] cta_limit: a --param or --cta-limit under another policy is
  // refused rather than ignored (key_use.h).
  static constexpr std::string_view kOwnKeys[] = {"sm.cta_limit"};
  // Checked with the run's policies, before it starts (policies::check_policies).
  static std::string check(const TimingConfig& c) {
    if (c.cta_limit != 0) return {};
    return "expected [sm] cta_limit of at least 1 (--cta-limit N), the CTAs each SM may hold";
  }

  void begin_launch(const CtaDispatcher&) {}
  void dispatch(CtaDispatcher& d, std::uint64_t now) {
    rr_.pass(d, now, [&](unsigned) { return limit_; });
  }
  void cta_finished(const CtaDispatcher&) {}

 private:
  unsigned limit_;
  CappedRoundRobin rr_;
};

WF_REGISTER_POLICY(StaticDispatch)

}  // namespace wf::sm::policies
