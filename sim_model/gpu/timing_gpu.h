// The GPU with timing: SMs, the memory system below them, CTA dispatch (the run's dispatch
// policy, sim_model/sm/policies/dispatch/) and the clock. Launches run one after another on the
// same machine, caches stay warm and the cycle count carries on. A watchdog turns a run that stops
// issuing into a reported deadlock, a progress monitor one that issues without getting anywhere
// into a reported livelock.
#pragma once

#include <cstdint>
#include <memory>
#include <variant>
#include <vector>

#include "sim_model/gpu/launch_limits.h"
#include "sim_model/gpu/progress_monitor.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/ptx/launch_context.h"
#include "sim_model/ptx/pc_range.h"
#include "sim_model/sm/policies/dispatch_policies.h"
#include "sim_model/sm/sm.h"

namespace wf::gpu {

struct TimingLaunchResult {
  std::uint64_t cycles = 0;
  std::uint64_t warp_instructions = 0, thread_instructions = 0;
  std::uint64_t longest_quiet = 0;  // cycles without progress at most (ProgressMonitor)
};

// The registers per thread a launch occupies on the cycle model: --param regs_per_thread, else
// the launch's own count, else an estimate from the PTX.
RegisterCount timing_registers(const sm::TimingConfig& config, const ptx::LaunchContext& ctx);

class TimingGpu {
 public:
  explicit TimingGpu(TimingSession& session);
  ~TimingGpu();

  // Runs the launch to completion. Throws KernelError on a kernel fault, a deadlock or the
  // cycle limit, LivelockError on a livelock (the session's results say which), UsageError
  // when a CTA fits no SM.
  TimingLaunchResult launch(ptx::LaunchContext& ctx, std::uint64_t instruction_limit);
  // A copy from the host wrote [addr, addr + bytes) between launches (MemorySystem::host_wrote).
  void host_wrote(std::uint64_t addr, std::uint64_t bytes) { memory_->host_wrote(addr, bytes); }

  std::uint64_t now() const { return now_; }
  sm::Sm& sm(unsigned i) { return *sms_[i]; }

 private:
  sm::CtaShape shape_of(const ptx::LaunchContext& ctx) const;
  RegisterCount registers_of(const ptx::LaunchContext& ctx) const;
  void publish();
  [[noreturn]] void deadlock(const ptx::LaunchContext& ctx, std::uint64_t idle_cycles);
  // The livelock monitor's check, out of the cycle loop (it is due rarely but while watching):
  // records the warps' PCs while watching, throws LivelockError at the end of the window;
  // returns the cycle of the next check.
  [[gnu::noinline]] std::uint64_t check_progress(const ptx::LaunchContext& ctx,
                                                 ProgressMonitor& monitor, bool progressed,
                                                 std::uint64_t done);
  [[noreturn]] void livelock(const ptx::LaunchContext& ctx, std::uint64_t window,
                             std::uint64_t done);

  TimingSession& session_;
  const sm::TimingConfig& config_;
  std::unique_ptr<mem::MemorySystem> memory_;
  std::vector<std::unique_ptr<sm::Sm>> sms_;
  // Mirror of each SM's asleep(), kept beside the loop: the cycle loop passes the sleeping SMs
  // every cycle, and reading the flag from each Sm would bring its state into the host's cache.
  std::vector<std::uint8_t> asleep_;
  std::uint64_t now_ = 0;
  sm::policies::CtaDispatcher ctas_;  // the launch's CTAs not yet placed
  sm::policies::DispatchPolicyList::apply<std::variant> dispatch_;
  bool dispatch_every_cycle_ = false;  // the policy has an end_cycle (kEveryCycle)
  KernelTiming* kernel_ = nullptr;
  trace::BlockTraceSet* block_traces_ = nullptr;  // null unless recording
  // Per SM and warp slot, the PCs each warp ran while the livelock monitor watched.
  std::vector<std::vector<ptx::PcRange>> spin_;
};

}  // namespace wf::gpu
