// CTA dispatch policy `max` (the default, as GPGPU-Sim and the BAWS paper dispatch): each
// cycle one pass round robin over the SMs, starting one SM later than the last pass, giving
// each SM one CTA if it fits its occupancy limits (CTA slots, warps, threads, registers,
// shared memory); so every SM fills up to as many CTAs as it can hold.
#pragma once

#include "sim_model/sm/policies/dispatch_policy.h"

namespace wf::sm::policies {

class MaxDispatch : public DispatchPolicyBase {
 public:
  static constexpr const char* kName = "max";
  static constexpr const char* kHelp =
      "round robin over the SMs, one CTA per SM per cycle, each SM up to its occupancy limit";
  static constexpr bool kDefault = true;

  explicit MaxDispatch(const TimingConfig& c) : reference_(c.reference) {}

  void begin_launch(const CtaDispatcher&) { blocked_ = false; }
  void dispatch(CtaDispatcher& d, std::uint64_t now) {
    const unsigned n = d.num_sms();
    if (!blocked_) {
      const std::uint64_t before = d.next_cta();
      for (unsigned i = 0; i < n && d.ctas_left(); ++i) d.place((rr_ + i) % n, now);
      // An SM's room only grows when one of its CTAs finishes. Reference mode tries every
      // cycle.
      if (d.next_cta() == before) blocked_ = !reference_;
    }
    // Runs every cycle: a compare, not a division.
    if (++rr_ == n) rr_ = 0;
  }
  void cta_finished(const CtaDispatcher&) { blocked_ = false; }

 private:
  unsigned rr_ = 0;  // the SM the next pass tries first
  // The last pass placed no CTA and no CTA has finished since: every SM would refuse again, so
  // passes are skipped (rr_ still advances once per cycle, as a pass would move it).
  bool blocked_ = false;
  bool reference_;  // TimingConfig::reference
};

WF_REGISTER_POLICY(MaxDispatch)

}  // namespace wf::sm::policies
