// The sizes a large warp (ptx/warp.h) may have: a multiple of the program's warp size, from one
// row up to the LWM paper's largest, 512 threads, and at most LargeStepRecord's rows.
#pragma once

#include <string>

#include <fmt/format.h>

#include "sim_model/ptx/large_step_record.h"

namespace wf::ptx {

constexpr unsigned kMaxLargeWarpThreads = 512;

// Empty when `threads` is a valid large warp size for warps of `warp_size` threads (0 = large
// warps off), else what was expected.
inline std::string large_warp_size_problem(unsigned threads, unsigned warp_size) {
  if (threads == 0) return {};
  if (warp_size == 0 || threads % warp_size != 0 || threads > kMaxLargeWarpThreads ||
      threads / warp_size > LargeStepRecord::kMaxRows) {
    return fmt::format("expected a multiple of the warp size {} from {} to {}", warp_size,
                       warp_size, kMaxLargeWarpThreads);
  }
  return {};
}

}  // namespace wf::ptx
