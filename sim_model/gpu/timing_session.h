// A timing-mode run: the machine and policies every launch uses, and what the launches
// produced (per-SM and memory statistics, kernel and CTA timelines, the status). A host driver
// runs against a Runtime whose RuntimeOptions::timing points here; whoever created the session
// (warpforge sim, a test) reads the results afterwards, after the runtime is gone.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sim_model/mem/memory_system.h"
#include "sim_model/sm/external_blocks.h"
#include "sim_model/sm/l1_data_port.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/simple_l1.h"
#include "sim_model/sm/simple_memory.h"
#include "sim_model/sm/sm.h"
#include "sim_model/sm/sm_stats.h"
#include "sim_model/sm/timing_config.h"
#include "sim_model/trace/block_trace_set.h"

namespace wf::gpu {

struct KernelTiming {
  std::string name;
  std::uint64_t start_cycle = 0, end_cycle = 0;
  std::uint64_t warp_instructions = 0, thread_instructions = 0;
  std::vector<sm::CtaRecord> ctas;  // in completion order
};

struct TimingResults {
  // ok | deadlock | livelock | error (a kernel fault or the cycle limit)
  std::string status = "ok";
  std::string message;       // why, when not ok
  std::string warp_dump;     // deadlock, livelock: one line per live warp
  std::string cause;         // livelock: the likely cause, one line (LivelockReport::cause)
  std::uint64_t cycles = 0;  // total simulated core cycles
  std::vector<sm::SmStats> sms;
  std::vector<sm::L1Stats> l1;
  mem::MemoryStats memory;
  std::vector<KernelTiming> kernels;
  // Warp-phase slices of the CTAs TimingConfig::timeline_* selects (empty unless asked).
  std::vector<sm::WarpPhaseSlice> timeline;
  // A dispatch policy with per-SM CTA limits (`dyncta`): what it measured, per SM.
  struct CtaLimitSm {
    std::uint64_t idle_cycles = 0, mem_cycles = 0;  // C_idle and C_mem summed over the run
    double avg_limit = 0;                           // n averaged over the run's cycles
    std::vector<std::uint8_t> limit_series;         // n at the end of each sampling period
    std::uint64_t paused_warp_cycles = 0;           // ready warps of paused CTAs held back
  };
  unsigned cta_limit_period = 0;  // 0: the policy sets no per-SM limits
  std::vector<CtaLimitSm> cta_limits;
};

class TimingSession {
 public:
  using MemoryFactory = std::function<std::unique_ptr<mem::MemorySystem>(const sm::TimingConfig&)>;
  using L1Factory = std::function<std::unique_ptr<sm::L1DataPort>(
      const sm::TimingConfig&, mem::MemorySystem&, std::uint32_t sm)>;
  // Called now and then during long runs: simulated cycles so far, thread instructions so far.
  using Progress = std::function<void(std::uint64_t cycles, std::uint64_t thread_instructions)>;

  // Throws UsageError when the config's policies are not registered or do not pair.
  explicit TimingSession(sm::TimingConfig config) : config_(std::move(config)) {
    sm::policies::check_policies(config_);
  }

  const sm::TimingConfig& config() const { return config_; }
  TimingResults& results() { return results_; }
  const TimingResults& results() const { return results_; }

  // The memory system below the L1s and the L1 data caches. Unset: the golden memory system of
  // sim_model/mem (crossbar, L2, DRAM) and its L1D, both from the preset.
  MemoryFactory memory_factory;
  L1Factory l1_factory;

  // Fixed latencies instead (sim_model/sm's stand-ins): no bandwidth limits or queueing, for
  // tests that derive exact cycle counts by hand.
  void use_fixed_latency_memory() {
    memory_model_ = "fixed-latency";
    memory_factory = [](const sm::TimingConfig& c) {
      return std::make_unique<sm::FixedLatencyMemory>(c);
    };
    l1_factory = [](const sm::TimingConfig& c, mem::MemorySystem& m, std::uint32_t sm) {
      return std::make_unique<sm::SimpleL1>(c, m, sm);
    };
  }
  Progress progress;
  // Set: every block instance of every SM records its calls here (sim --record-blocks); the
  // creator closes it after the run.
  std::shared_ptr<trace::BlockTraceSet> block_traces;
  // Set: the blocks it has stand-ins for answer from those in every SM (sim --rtl).
  std::shared_ptr<const sm::ExternalBlocks> external_blocks;
  // "golden" (sim_model/mem) or "fixed-latency"; the stats name it.
  const std::string& memory_model() const { return memory_model_; }

 private:
  std::string memory_model_ = "golden";
  sm::TimingConfig config_;
  TimingResults results_;
};

}  // namespace wf::gpu
