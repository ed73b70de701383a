// Runs a whole launch functionally: every CTA that fits under the residency limit is live at
// once and warps are stepped round robin, a bounded number of instructions at a time, so that
// spin locks, flags and grid-wide barriers between CTAs make progress.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>

#include "sim_model/gpu/livelock_report.h"
#include "sim_model/ptx/launch_context.h"

namespace wf::gpu {

struct FunctionalOptions {
  // Warp instructions per launch (unlimited: the livelock window ends a kernel that never
  // finishes).
  std::uint64_t instruction_limit = std::numeric_limits<std::uint64_t>::max();
  // Warp instructions without progress (no CTA finished, no store changed memory) before the
  // launch throws LivelockError; 0 never.
  std::uint64_t livelock_window = kDefaultLivelockWarpInstructions;
  std::uint32_t quantum = 64;  // instructions per warp per turn
  // CTAs are made resident in order until this many threads are live; a grid that fits (every
  // grid that relies on co-residency on a real GPU does) runs with all CTAs at once.
  std::uint64_t max_resident_threads = 1u << 18;
  // Called about every progress_every warp instructions with the count so far.
  std::function<void(std::uint64_t warp_instructions)> progress;
  std::uint64_t progress_every = kDefaultProgressWarpInstructions;
};

struct FunctionalResult {
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;
  // The longest stretch without progress, in warp instructions (resolution: 1/64 of the
  // livelock window); how far the run stayed from a livelock report.
  std::uint64_t longest_quiet = 0;
};

// Throws ptx::KernelError on a kernel fault, on exceeding the instruction limit, and on a
// deadlock (no warp can make progress); LivelockError (runtime.h) on a livelock.
FunctionalResult run_functional(ptx::LaunchContext& ctx, const FunctionalOptions& options);

}  // namespace wf::gpu
