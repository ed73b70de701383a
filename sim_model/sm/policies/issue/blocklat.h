// Issue policy `blocklat` (BLOCKLAT's warp scheduler, Algorithm 1): per warp a saturating
// counter of the cycles it stalled (control, data or structural: WarpState kControl, kData,
// kStructural), and among the ready warps the CTAs take turns while inside a CTA the warp with
// the most stall cycles goes first. Two blocks per scheduler: the stall counter bank (the
// paper's counters) feeds its counts to the BLOCKLAT arbiter (its comparison logic).
//
// The counters are clocked with the arbiter, in the cycles the scheduler has a ready warp
// (kCallsWithoutReady stays false): the cycle model may skip the others (an idle SM sleeps),
// and a block must not change in a cycle it is not called in. So a counter counts the cycles
// its warp stalled while its scheduler had a warp to issue. A counter clears in the first such
// cycle after its warp's CTA completed; in between the slot holds no live warp, so nothing
// could have counted or read it. The SM hands its warp states over through attach(); only this
// policy reads them, so the other policies' cycles cost nothing more.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <tuple>
#include <vector>

#include "sim_model/blocks/blocklat_arbiter.h"
#include "sim_model/blocks/stall_counter_bank.h"
#include "sim_model/sm/policies/issue_policy.h"
#include "sim_model/sm/sm_core.h"
#include "sim_model/sm/warp_state.h"

namespace wf::sm::policies {

class BlocklatIssue : public IssuePolicyBase {
 public:
  static constexpr const char* kName = "blocklat";
  static constexpr const char* kHelp =
      "BLOCKLAT: CTAs round robin, inside the CTA the ready warp with the most stall cycles "
      "(per-warp saturating counters)";
  using Blocks = std::tuple<blocks::StallCounterBank, blocks::BlocklatArbiter>;

  explicit BlocklatIssue(const TimingConfig& c)
      : bank_(blocks::StallCounterBankParams::for_machine(c.machine).front()),
        arbiter_(blocks::BlocklatArbiterParams::for_machine(c.machine).front()) {
    // The bank's counts are the arbiter's input: one width, or the comparison would read
    // truncated or padded counts.
    assert(bank_.params().count_bits == arbiter_.params().count_bits);
  }

  // The SM whose warp states the counters follow; this scheduler owns its warps
  // scheduler, scheduler + num_schedulers, ...
  void attach(const SmCore& core, unsigned scheduler, unsigned num_schedulers) {
    core_ = &core;
    scheduler_ = scheduler;
    num_schedulers_ = num_schedulers;
    mine_ = 0;
    for (unsigned w = scheduler; w < core.warps.size(); w += num_schedulers)
      mine_ |= SmCore::bit(w);
    generation_.assign(static_cast<std::size_t>(std::popcount(mine_)), 0);
    seen_ctas_ = core.stats.ctas;
  }

  void reset() {
    bank_.reset();
    arbiter_.reset();
  }
  template <class F>
  void for_each_block(F&& f) {
    f(bank_);
    f(arbiter_);
  }

  int select(std::uint64_t ready, const SchedulerInputs& s, const WptCounts&) {
    assert(core_ != nullptr);
    blocks::StallCounterBank::In b;
    b.stall = stalled();
    b.clear = finished();
    const blocks::StallCounterBank::Out counts = bank_.step(b);
    blocks::BlocklatArbiter::In a;
    a.ready = ready;
    a.warp_cta = s.warp_cta;
    a.stall_count = counts.count;
    return granted(arbiter_.step(a));
  }

 private:
  // This cycle's stalled warps of this scheduler, as local warps.
  std::uint64_t stalled() const {
    const std::uint64_t sm =
        (core_->in_state(WarpState::kData) | core_->in_state(WarpState::kControl) |
         core_->in_state(WarpState::kStructural)) &
        mine_;
    if (num_schedulers_ == 1) return sm;
    std::uint64_t local = 0;
    for (std::uint64_t m = sm; m; m &= m - 1)
      local |= std::uint64_t{1} << (static_cast<unsigned>(std::countr_zero(m)) / num_schedulers_);
    return local;
  }
  // The local warps whose CTA completed since the last call. A slot's generation goes up by
  // one at dispatch and by one at the end of its CTA (Sm::dispatch, Sm::finish_cta), so half of
  // it counts the CTAs that ended in the slot. The SM counts its finished CTAs; only when that
  // count moved are the slots looked at.
  std::uint64_t finished() {
    if (core_->stats.ctas == seen_ctas_) return 0;
    seen_ctas_ = core_->stats.ctas;
    std::uint64_t clear = 0;
    for (unsigned i = 0; i < generation_.size(); ++i) {
      const std::uint32_t g = core_->warps[i * num_schedulers_ + scheduler_].generation;
      if (g / 2 != generation_[i] / 2) clear |= std::uint64_t{1} << i;
      generation_[i] = g;
    }
    return clear;
  }

  BlockSlot<blocks::StallCounterBank> bank_;
  BlockSlot<blocks::BlocklatArbiter> arbiter_;
  const SmCore* core_ = nullptr;
  unsigned scheduler_ = 0, num_schedulers_ = 1;
  std::uint64_t mine_ = 0;                 // this scheduler's warps, as SM warp bits
  std::uint64_t seen_ctas_ = 0;            // the SM's finished CTAs at the last look
  std::vector<std::uint32_t> generation_;  // per local warp, its slot's generation then
};

WF_REGISTER_POLICY(BlocklatIssue)

}  // namespace wf::sm::policies
