#include "sim_model/gpu/cooperative_launch.h"

#include <fmt/format.h>

#include <algorithm>

#include "sim_model/gpu/name_lookup.h"

namespace wf::gpu {

std::uint64_t ctas_per_sm(const ptx::LaunchContext& ctx, const SmLimits& sm,
                          const RegisterCount& registers) {
  // As the SM allocates a CTA (TimingGpu::shape_of): threads a warp at a time.
  const std::uint64_t per_warp = ctx.threads_per_warp();
  const std::uint64_t warps = (ctx.block.count() + per_warp - 1) / per_warp;
  const std::uint64_t threads = warps * per_warp;
  std::uint64_t n = sm.max_ctas;
  auto fit = [&n](std::uint64_t room, std::uint64_t need) {
    if (need) n = std::min(n, room / need);
  };
  fit(sm.max_warps, warps);
  fit(sm.max_threads, threads);
  fit(sm.registers, std::uint64_t{registers.per_thread} * threads);
  fit(sm.shared_memory_bytes, ctx.shared_bytes);
  return n;
}

void check_cooperative_launch(const ptx::LaunchContext& ctx, const SmLimits& sm,
                              const RegisterCount& registers) {
  if (ctx.grid_workspace == 0) return;
  const std::uint64_t per_sm = ctas_per_sm(ctx, sm, registers);
  const std::uint64_t most = per_sm * sm.num_sms;
  if (ctx.grid.count() <= most) return;
  throw LaunchRefused(
      LaunchRefused::Limit::kCooperative,
      fmt::format("cooperative launch '{}': a grid of {} CTAs, but at most {} can be resident at "
                  "once ({} per SM x {} SMs); a cooperative grid must fit the machine",
                  demangle(ctx.kernel_fn().name), ctx.grid.count(), most, per_sm, sm.num_sms));
}

}  // namespace wf::gpu
