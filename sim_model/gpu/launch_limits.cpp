#include "sim_model/gpu/launch_limits.h"

#include <fmt/format.h>

#include "sim_model/common/error.h"
#include "sim_model/gpu/name_lookup.h"
#include "sim_model/presets/machine.h"

namespace wf::gpu {
namespace {

// CUDA's grid and block limits (compute capability 3.0 and later).
constexpr std::uint64_t kMaxGridX = (std::uint64_t{1} << 31) - 1;
constexpr std::uint64_t kMaxGridYZ = 65535;
constexpr std::uint64_t kMaxBlockXY = 1024, kMaxBlockZ = 64;

std::string size_text(std::uint64_t bytes) {
  return bytes % 1024 == 0 ? fmt::format("{} KiB", bytes / 1024) : fmt::format("{} bytes", bytes);
}

}  // namespace

SmLimits SmLimits::of(const sm::TimingConfig& config) {
  SmLimits s;
  s.preset = config.machine.name;
  s.max_threads = config.max_threads;
  s.max_warps = config.machine.max_warps;
  s.max_warps_per_cta = config.machine.max_warps_per_cta;
  s.registers = config.registers;
  s.shared_memory_bytes = config.shared_memory_bytes;
  s.regs_per_thread = config.regs_per_thread;
  s.max_ctas = config.machine.max_ctas;
  s.num_sms = config.num_sms;
  for (const auto& [key, value] : config.machine.values) {
    if (!key.starts_with("sm.")) continue;
    if (value.origin == "derived")
      s.origins[key] = "[sm] max_warps × [sm] warp_size";
    else if (value.origin == "default")
      s.origins[key] = "the default; " + config.machine.origin + " leaves it out";
    else
      s.origins[key] = value.origin;
  }
  return s;
}

std::string SmLimits::describe(std::string_view key, std::uint64_t value) const {
  std::string text = fmt::format("[sm] {} = {}", key.substr(key.find('.') + 1), value);
  if (const auto it = origins.find(key); it != origins.end()) text += " (" + it->second + ")";
  return text;
}

const SmLimits& SmLimits::functional() {
  static const SmLimits limits = of(sm::load_timing_config(load_machine(kDefaultPreset)));
  return limits;
}

void check_launch_limits(const ptx::LaunchContext& ctx, const SmLimits& sm,
                         const RegisterCount& registers) {
  const std::string kernel = demangle(ctx.kernel_fn().name);
  using Limit = LaunchRefused::Limit;
  auto fail = [&](const std::string& what, Limit limit = Limit::kSm) {
    throw LaunchRefused(limit, fmt::format("launch '{}': {}", kernel, what));
  };
  const ptx::Dim &grid = ctx.grid, &block = ctx.block;
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 || block.y == 0 || block.z == 0)
    fail("grid and block dimensions must be at least 1", Limit::kCuda);
  // 64-thread wavefronts double the per-block limits but z's.
  const std::uint64_t scale = ctx.warp_size / 32;
  const std::uint64_t max_block = 1024 * scale;
  if (block.count() > max_block)
    fail(fmt::format("{} threads per block, expected at most {}", block.count(), max_block),
         Limit::kCuda);
  if (block.x > kMaxBlockXY * scale || block.y > kMaxBlockXY * scale || block.z > kMaxBlockZ)
    fail(fmt::format("block ({}, {}, {}) exceeds CUDA's limits ({}, {}, {})", block.x, block.y,
                     block.z, kMaxBlockXY * scale, kMaxBlockXY * scale, kMaxBlockZ),
         Limit::kCuda);
  if (grid.x > kMaxGridX || grid.y > kMaxGridYZ || grid.z > kMaxGridYZ)
    fail(fmt::format("grid ({}, {}, {}) exceeds CUDA's limits ({}, {}, {})", grid.x, grid.y, grid.z,
                     kMaxGridX, kMaxGridYZ, kMaxGridYZ),
         Limit::kCuda);
  if (grid.count() > kMaxCtasPerLaunch)
    fail(fmt::format("a grid of {} CTAs ({} x {} x {}), expected at most {} per launch: warpforge "
                     "simulates every CTA (docs/commands.md, launch limits); split the work over "
                     "several launches or loop over it in fewer CTAs",
                     grid.count(), grid.x, grid.y, grid.z, kMaxCtasPerLaunch),
         Limit::kSimulator);

  // Threads are allocated a warp at a time.
  const std::uint64_t per_warp = ctx.threads_per_warp();
  const std::uint64_t warps = (block.count() + per_warp - 1) / per_warp;
  const std::uint64_t threads = warps * per_warp;
  if (warps > sm.max_warps_per_cta || warps > sm.max_warps) {
    const bool per_cta = sm.max_warps_per_cta <= sm.max_warps;
    fail(fmt::format("a CTA of {} warps does not fit an SM: at most {} ({})", warps,
                     per_cta ? sm.max_warps_per_cta : sm.max_warps,
                     per_cta ? sm.describe("sm.max_warps_per_cta", sm.max_warps_per_cta)
                             : sm.describe("sm.max_warps", sm.max_warps)));
  }
  if (threads > sm.max_threads)
    fail(fmt::format("a CTA of {} threads does not fit an SM: at most {} ({})", threads,
                     sm.max_threads, sm.describe("sm.max_threads", sm.max_threads)));
  if (registers.per_thread && threads * registers.per_thread > sm.registers)
    fail(fmt::format(
        "a CTA of {} threads x {} registers ({}) = {} does not fit an SM's {} registers ({}; "
        "registers per thread: --param regs_per_thread)",
        threads, registers.per_thread, registers.source, threads * registers.per_thread,
        sm.registers, sm.describe("sm.registers", sm.registers)));
  // In 64 bits: a huge dynamic size must not wrap ctx.shared_bytes into a small one.
  const std::uint64_t dynamic = ctx.dynamic_shared;
  const std::uint64_t fixed = dynamic ? ctx.module->dynamic_shared_base : ctx.shared_bytes;
  if (fixed + dynamic > sm.shared_memory_bytes) {
    const std::string used =
        dynamic ? fmt::format("{} of static shared memory per CTA + {} dynamic", size_text(fixed),
                              size_text(dynamic))
                : fmt::format("{} of static shared memory per CTA", size_text(fixed));
    fail(fmt::format("{} exceeds the SM's {} ({})", used, size_text(sm.shared_memory_bytes),
                     sm.describe("sm.shared_memory_bytes", sm.shared_memory_bytes)));
  }
}

}  // namespace wf::gpu
