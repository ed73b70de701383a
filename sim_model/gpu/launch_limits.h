// The limits every launch is checked against before it runs, the same for `warpforge run`
// (functional, against the default preset's SM, or RuntimeOptions::sm_limits: `exec
// --functional` checks the chosen preset's) and `warpforge sim` (cycle model, against the
// chosen preset and --param overrides): CUDA's grid and block limits, and whether one CTA fits
// an SM. A launch that breaks one is bad input; the message names the limiting resource and the
// parameter that changes it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sim_model/ptx/launch_context.h"
#include "sim_model/sm/timing_config.h"

namespace wf::gpu {

// What one SM holds, from a preset's [sm] table.
struct SmLimits {
  std::string preset;
  unsigned max_threads = 0, max_warps = 0, max_warps_per_cta = 0, registers = 0;
  unsigned shared_memory_bytes = 0;

  static SmLimits of(const sm::TimingConfig& config);
  // The default preset's (kDefaultPreset), which functional runs are checked against.
  static const SmLimits& functional();
};

// The registers per thread a CTA occupies and where that number comes from, for the message.
struct RegisterCount {
  unsigned per_thread = 0;  // 0: unknown (functional runs without a declared count): unchecked
  std::string_view source;  // "--param regs_per_thread", "estimated from the PTX", ...
};

// Throws UsageError "launch 'K': ..." when the launch breaks a limit.
void check_launch_limits(const ptx::LaunchContext& ctx, const SmLimits& sm,
                         const RegisterCount& registers);

}  // namespace wf::gpu
