// The limits every launch is checked against before it runs, the same for `warpforge run`
// (functional, against the default preset's SM, or RuntimeOptions::sm_limits: `exec
// --functional` checks the chosen preset's) and `warpforge sim` (cycle model, against the
// chosen preset and --param overrides): CUDA's grid and block limits, and whether one CTA fits
// an SM. A launch that breaks one is bad input; the message names the limiting resource and the
// parameter that changes it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "sim_model/common/error.h"
#include "sim_model/ptx/launch_context.h"
#include "sim_model/sm/timing_config.h"

namespace wf::gpu {

// CTAs one launch may have. warpforge simulates every CTA, so this is about what can finish:
// 2^24 CTAs of an empty kernel take seconds to minutes (docs/commands.md), a real kernel's
// hours. CUDA allows 2^63; a grid beyond this is refused rather than run for years, and it keeps
// linear CTA ids (and grid.x * grid.y) inside 32 bits.
inline constexpr std::uint64_t kMaxCtasPerLaunch = std::uint64_t{1} << 24;

// A launch check_launch_limits refuses, and which kind of limit it breaks: CUDA's (the program
// or spec is wrong), warpforge's own per-launch limit (CUDA would run it), or the SM's (the
// machine, preset or --param, cannot hold one CTA). Callers that run inputs they do not own
// (built-in workloads, CUDA programs under exec) tell them apart.
class LaunchRefused : public UsageError {
 public:
  // kCooperative: a cooperative launch whose CTAs cannot all be resident at once
  // (cooperative_launch.h; CUDA's cudaErrorCooperativeLaunchTooLarge).
  enum class Limit { kCuda, kSimulator, kSm, kCooperative };
  LaunchRefused(Limit limit, const std::string& what) : UsageError(what), limit_(limit) {}
  Limit limit() const { return limit_; }

 private:
  Limit limit_;
};

// What one SM holds, from a preset's [sm] table.
struct SmLimits {
  std::string preset;
  unsigned max_threads = 0, max_warps = 0, max_warps_per_cta = 0, registers = 0;
  unsigned shared_memory_bytes = 0;
  // --param regs_per_thread (0: unset), which overrides every kernel's own count, so that a
  // functional launch is checked with the count a timed one would use.
  unsigned regs_per_thread = 0;
  unsigned max_ctas = 0, num_sms = 0;  // CTA slots per SM, SMs: what a cooperative grid must fit
  // Where each limit's value came from ("sm.registers" -> "preset gtx480:17", "--param ..."),
  // so that a refusal names the input that would change it.
  std::map<std::string, std::string, std::less<>> origins;

  // "[sm] registers = 32768 (preset gtx480:17)".
  std::string describe(std::string_view key, std::uint64_t value) const;

  static SmLimits of(const sm::TimingConfig& config);
  // The default preset's (kDefaultPreset), which functional runs are checked against.
  static const SmLimits& functional();
};

// The registers per thread a CTA occupies and where that number comes from, for the message.
struct RegisterCount {
  unsigned per_thread = 0;  // 0: unknown (functional runs without a declared count): unchecked
  std::string_view source;  // "--param regs_per_thread", "estimated from the PTX", ...
};

// Throws LaunchRefused "launch 'K': ..." when the launch breaks a limit.
void check_launch_limits(const ptx::LaunchContext& ctx, const SmLimits& sm,
                         const RegisterCount& registers);

}  // namespace wf::gpu
