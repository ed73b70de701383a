// Cooperative launches (cudaLaunchCooperativeKernel): every CTA of the grid must be resident at
// once, since cooperative groups' grid.sync() waits for all of them. CUDA refuses a grid larger
// than cudaOccupancyMaxActiveBlocksPerMultiprocessor x the SM count with
// cudaErrorCooperativeLaunchTooLarge rather than let it hang; warpforge refuses by the same rule
// with the occupancy the launch really gets, the SM's (sm::Sm::max_resident): CTA slots, warps,
// threads, registers and shared memory.
#pragma once

#include <cstdint>

#include "sim_model/gpu/launch_limits.h"
#include "sim_model/ptx/launch_context.h"

namespace wf::gpu {

// How many CTAs of the launch's shape one SM holds at once.
std::uint64_t ctas_per_sm(const ptx::LaunchContext& ctx, const SmLimits& sm,
                          const RegisterCount& registers);

// Throws LaunchRefused (Limit::kCooperative) when ctx is a cooperative launch
// (ctx.grid_workspace != 0) whose grid does not fit the machine at once.
void check_cooperative_launch(const ptx::LaunchContext& ctx, const SmLimits& sm,
                              const RegisterCount& registers);

}  // namespace wf::gpu
