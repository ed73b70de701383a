// One warp scheduler: the issue policy of the run (sim_model/sm/policies/issue/), asked every
// cycle to pick among its warps' ready bits. The scheduler owns warps k, k+N, k+2N, ... of the
// SM (N schedulers); its policy sees them as local warps 0, 1, 2, ...
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <variant>

#include "sim_model/sm/external_blocks.h"
#include "sim_model/sm/policies/issue_policies.h"
#include "sim_model/sm/timing_config.h"

namespace wf::trace {
class BlockTraceSet;
}  // namespace wf::trace

namespace wf::sm {

struct SmCore;

class WarpScheduler {
 public:
  static constexpr unsigned kMaxWarps = policies::kMaxSchedulerWarps;
  static constexpr unsigned kMaxCtas = policies::kMaxCtaSlots;
  // Closed over the registered issue policies: a call is a switch, and each policy's select()
  // inlines its blocks' eval and tick.
  using Policy = policies::IssuePolicyList::apply<std::variant>;

  explicit WarpScheduler(const TimingConfig& c);

  void set_warp_cta(unsigned local_warp, unsigned cta_slot) {
    inputs_.warp_cta[local_warp] = static_cast<std::uint8_t>(cta_slot);
  }
  void set_cta_age(const std::array<std::uint8_t, kMaxCtas>& age) { inputs_.cta_age = age; }
  // Once, when the SM is built: hands `core` to a policy that reads the SM's warp states
  // (one with an attach() member, issue_policy.h); the others never see it.
  void attach(const SmCore& core, unsigned scheduler, unsigned num_schedulers);

  // Picks among `ready` (bit = local warp) and clocks the policy's blocks. -1 when nothing is
  // ready. Inline: most calls have nothing ready and end at the first test.
  int select(std::uint64_t ready, const policies::WptCounts& wpt_count) {
    if (ready == 0 && !calls_block_without_ready_) return -1;
    return call_block(ready, wpt_count);
  }
  // Whether select() calls the policy even with nothing ready (IssuePolicyBase::
  // kCallsWithoutReady).
  bool calls_block_without_ready() const { return calls_block_without_ready_; }
  void reset();
  // Records every call of the policy's blocks into `set` as `instance` (block_hooks.cpp).
  void record_blocks(trace::BlockTraceSet& set, const std::string& instance);
  // Hands the policy's blocks to their stand-ins, where `external` has one (block_hooks.cpp).
  void use_external(const ExternalBlocks& external);

 private:
  int call_block(std::uint64_t ready, const policies::WptCounts& wpt_count);

  Policy policy_;
  policies::SchedulerInputs inputs_;
  bool calls_block_without_ready_;
};

}  // namespace wf::sm
