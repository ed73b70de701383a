// What one instruction of a large warp (ptx/warp.h) did, thread by thread: the StepRecord beside
// it names only rows. The cycle model forms sub-warps from these masks and takes each sub-warp's
// addresses from here.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace wf::ptx {

struct LargeStepRecord {
  static constexpr unsigned kMaxRows = 16;   // 512 threads of 32 lanes
  static constexpr unsigned kMaxLanes = 64;  // lanes per row
  unsigned rows = 0, lanes = 0;
  // Per row, lane l = bit l: threads active at issue, those whose guard held, and those that
  // accessed memory.
  std::array<std::uint64_t, kMaxRows> active{}, executed{}, mem_lanes{};
  // The address each thread that accessed memory used, at [row * lanes + lane] (only those in
  // mem_lanes are written).
  std::array<std::uint64_t, kMaxRows * kMaxLanes> addr;

  std::uint64_t active_threads() const {
    std::uint64_t n = 0;
    for (unsigned r = 0; r < rows; ++r) n += static_cast<std::uint64_t>(std::popcount(active[r]));
    return n;
  }
};

}  // namespace wf::ptx
