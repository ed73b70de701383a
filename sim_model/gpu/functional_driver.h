// Runs a whole launch functionally: every CTA that fits under the residency limit is live at
// once and warps are stepped round robin, a bounded number of instructions at a time, so that
// spin locks, flags and grid-wide barriers between CTAs make progress.
#pragma once

#include <cstdint>

#include "sim_model/ptx/launch_context.h"

namespace wf::gpu {

struct FunctionalOptions {
  std::uint64_t instruction_limit = 10'000'000'000;  // warp instructions per launch
  std::uint32_t quantum = 64;                        // instructions per warp per turn
  // CTAs are made resident in order until this many threads are live; a grid that fits (every
  // grid that relies on co-residency on a real GPU does) runs with all CTAs at once.
  std::uint64_t max_resident_threads = 1u << 18;
};

struct FunctionalResult {
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;
};

// Throws ptx::KernelError on a kernel fault, on exceeding the instruction limit, and on a
// deadlock (no warp can make progress).
FunctionalResult run_functional(ptx::LaunchContext& ctx, const FunctionalOptions& options);

}  // namespace wf::gpu
