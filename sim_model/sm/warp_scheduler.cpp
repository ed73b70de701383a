#include "sim_model/sm/warp_scheduler.h"

#include "sim_model/sm/policies/make_policy.h"
#include "sim_model/sm/sm_core.h"

namespace wf::sm {

WarpScheduler::WarpScheduler(const TimingConfig& c)
    : policy_(policies::make_policy<policies::IssuePolicyList>(policies::PolicyKind::kIssue,
                                                               c.issue, c)),
      calls_block_without_ready_(std::visit(
          [](const auto& p) { return std::decay_t<decltype(p)>::kCallsWithoutReady; }, policy_)) {}

void WarpScheduler::attach(const SmCore& core, unsigned scheduler, unsigned num_schedulers) {
  std::visit(
      [&](auto& p) {
        if constexpr (requires { p.attach(core, scheduler, num_schedulers); })
          p.attach(core, scheduler, num_schedulers);
      },
      policy_);
}

int WarpScheduler::call_block(std::uint64_t ready, const policies::WptCounts& wpt_count) {
  return std::visit([&](auto& p) { return p.select(ready, inputs_, wpt_count); }, policy_);
}

void WarpScheduler::reset() {
  std::visit([](auto& p) { p.reset(); }, policy_);
}

}  // namespace wf::sm
