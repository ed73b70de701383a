// A CTA dispatch policy: which SMs receive the kernel's CTAs, and when. The GPU asks it every
// cycle while CTAs are left to place, and tells it when a launch begins and when CTAs finish.
// Besides policy.h's members, a dispatch policy class has:
//   explicit P(const TimingConfig&);
//   void begin_launch(const CtaDispatcher&);
//   void dispatch(CtaDispatcher&, std::uint64_t now)   places CTAs with CtaDispatcher::place;
//   void cta_finished(const CtaDispatcher&)           some SM's CTA finished this cycle;
// and may override the defaults of DispatchPolicyBase:
//   kEveryCycle, end_cycle(CtaDispatcher&, now)   called at the end of every cycle of a launch,
//                                                 after the SMs ran (for blocks that follow the
//                                                 SMs, DYNCTA's controllers);
//   static std::string check(const TimingConfig&) why the machine does not give the policy
//                                                 what it needs, or empty;
//   for_each_block(f)                             calls f(slot, instance) for each BlockSlot it
//                                                 holds (trace recording, sim --rtl), instance
//                                                 its trace's name (sm03_dispatch, gpu_dispatch).
//                                                 Its state lives across launches. A policy
// that skips passes it knows would place nothing (MaxDispatch::blocked_) must try every cycle
// under TimingConfig::reference, and must end the skip on every event that can make room
// (cta_finished; docs/cycle-model.md).
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <vector>

#include "sim_model/sm/policies/policy.h"
#include "sim_model/sm/sm.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm::policies {

// The SMs and the CTAs of the current launch not yet placed, as the GPU shows them to its
// dispatch policy.
class CtaDispatcher {
 public:
  // `asleep[i]`: the GPU's copy of SM i's sleep flag, cleared when a CTA wakes the SM.
  CtaDispatcher(std::vector<std::unique_ptr<Sm>>& sms, std::vector<std::uint8_t>& asleep)
      : sms_(sms), asleep_(asleep) {}

  // Counts are 64-bit like the grid's; CTA ids stay 32-bit (gpu::kMaxCtasPerLaunch < 2^32).
  void begin_launch(const CtaShape& shape, std::uint64_t total_ctas) {
    shape_ = shape;
    next_cta_ = 0;
    total_ctas_ = total_ctas;
  }
  unsigned num_sms() const { return static_cast<unsigned>(sms_.size()); }
  // What a policy may read of SM i (its resident CTAs, say) to decide where to place.
  const Sm& sm(unsigned i) const { return *sms_[i]; }
  std::uint64_t next_cta() const { return next_cta_; }
  std::uint64_t total_ctas() const { return total_ctas_; }
  const CtaShape& shape() const { return shape_; }
  // The memory system's counters so far (what a policy watching contention reads).
  void set_memory(const mem::MemorySystem* m) { memory_ = m; }
  const mem::MemoryStats& memory_stats() const { return memory_->stats(); }
  Sm& mutable_sm(unsigned i) { return *sms_[i]; }
  bool ctas_left() const { return next_cta_ < total_ctas_; }
  // Starts the next CTA on SM `sm` if it fits the SM's occupancy limits; returns whether it did.
  bool place(unsigned sm, std::uint64_t now) {
    Sm& s = *sms_[sm];
    if (!s.can_accept(shape_)) return false;
    s.dispatch(static_cast<std::uint32_t>(next_cta_++), shape_, now);
    asleep_[sm] = false;  // a new CTA wakes the SM
    return true;
  }

 private:
  std::vector<std::unique_ptr<Sm>>& sms_;
  std::vector<std::uint8_t>& asleep_;
  CtaShape shape_;
  std::uint64_t next_cta_ = 0, total_ctas_ = 0;
  const mem::MemorySystem* memory_ = nullptr;
};

struct DispatchPolicyBase {
  static constexpr bool kDefault = false;
  using Blocks = std::tuple<>;
  static constexpr bool kEveryCycle = false;
  void end_cycle(CtaDispatcher&, std::uint64_t) {}
  template <class F>
  void for_each_block(F&&) {}
};

template <class P>
concept DispatchPolicy = NamedPolicy<P> && std::constructible_from<P, const TimingConfig&> &&
    requires(P& p, CtaDispatcher& d, std::uint64_t now) {
  p.begin_launch(d);
  p.dispatch(d, now);
  p.cta_finished(d);
};

}  // namespace wf::sm::policies
