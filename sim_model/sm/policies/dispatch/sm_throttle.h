// CTA dispatch policy `sm-throttle` (BLOCKLAT's SM throttling, Algorithm 2): at the end of every
// dispatch round the sm_throttle_controller block compares the round's contention, DRAM-full
// stall cycles plus interconnect-to-SM stall cycles, with the last round's and moves n, the
// number of SMs that receive new CTAs: higher contention and n > 2 gives one SM fewer, lower
// one more, up to all. New CTAs go, as under `max`, round robin to SMs 0 .. n-1 up to their
// occupancy; the CTAs already on the other SMs run on.
//
// Decisions (docs/blocklat.md):
// - A dispatch round is kRoundCycles (2048) cycles of a launch while it has CTAs to place: the
//   paper's rounds are its dispatcher's, and with rounds of one length its contention degree's
//   division by the round's cycles drops out, so the block compares the two counts' sum.
// - The counts are the memory system's dram.queue_full_cycles and icnt.to_sm_stall_cycles over
//   the round, saturated at the block's count width.
// - The enabled SMs are the lowest-numbered n. The controller is reset at every launch, so each
//   kernel starts with every SM enabled, as the paper's initialisation does.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>

#include "sim_model/blocks/sm_throttle_controller.h"
#include "sim_model/sm/policies/capped_round_robin.h"
#include "sim_model/sm/policies/dispatch_policy.h"

namespace wf::sm::policies {

class SmThrottleDispatch : public DispatchPolicyBase {
 public:
  using Controller = blocks::SmThrottleController;
  static constexpr const char* kName = "sm-throttle";
  static constexpr const char* kHelp =
      "BLOCKLAT's SM throttling: every 2048 cycles one SM fewer receives new CTAs when DRAM and "
      "interconnect stalls rose, one more when they fell";
  using Blocks = std::tuple<Controller>;
  static constexpr unsigned kRoundCycles = 2048;

  explicit SmThrottleDispatch(const TimingConfig& c)
      : controller_(blocks::SmThrottleControllerParams::for_machine(c.machine).front()) {}

  void begin_launch(const CtaDispatcher& d) {
    controller_.reset();
    enabled_ = std::min<unsigned>(controller_.eval({}).enabled, d.num_sms());
    round_cycles_ = 0;
    mark(d);
  }
  void dispatch(CtaDispatcher& d, std::uint64_t now) {
    rr_.pass(d, now, [&](unsigned sm) { return sm < enabled_ ? ~0u : 0u; });
    if (++round_cycles_ < kRoundCycles) return;
    // The round's end: its stall counts go to the controller.
    round_cycles_ = 0;
    const mem::MemoryStats& m = d.memory_stats();
    const std::uint64_t cap = controller_.params().count_mask();
    Controller::In in;
    in.valid = true;
    in.dram_full = static_cast<std::uint32_t>(std::min(m.dram_queue_full_cycles - dram_full_, cap));
    in.icnt_stall =
        static_cast<std::uint32_t>(std::min(m.icnt_to_sm_stall_cycles - icnt_stall_, cap));
    controller_.step(in);
    mark(d);
    enabled_ = std::min<unsigned>(controller_.eval({}).enabled, d.num_sms());
  }
  void cta_finished(const CtaDispatcher&) {}

  template <class F>
  void for_each_block(F&& f) {
    f(controller_, std::string("gpu_dispatch"));
  }

 private:
  // The counters at a round's start.
  void mark(const CtaDispatcher& d) {
    dram_full_ = d.memory_stats().dram_queue_full_cycles;
    icnt_stall_ = d.memory_stats().icnt_to_sm_stall_cycles;
  }

  BlockSlot<Controller> controller_;
  unsigned enabled_ = 0;  // SMs 0 .. enabled_-1 receive new CTAs
  CappedRoundRobin rr_;
  unsigned round_cycles_ = 0;
  std::uint64_t dram_full_ = 0, icnt_stall_ = 0;
};

WF_REGISTER_POLICY(SmThrottleDispatch)

}  // namespace wf::sm::policies
