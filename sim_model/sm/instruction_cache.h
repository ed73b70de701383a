// The L1 instruction cache: set associative, LRU, refilled after a fixed miss latency. A line
// being refilled is installed at once with a ready time, so a second warp missing on the same
// line waits for the same refill instead of starting its own.
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/sm/timing_config.h"

namespace wf::sm {

class InstructionCache {
 public:
  explicit InstructionCache(const TimingConfig& c);

  // Returns the cycle from which the line holding `addr` can be read: `now` on a hit, later
  // while a refill is in flight (started by this call on a miss).
  std::uint64_t access(std::uint64_t addr, std::uint64_t now);

  std::uint64_t accesses() const { return accesses_; }
  std::uint64_t misses() const { return misses_; }

 private:
  struct Line {
    std::uint64_t tag = ~0ull;
    std::uint64_t ready = 0;
    std::uint64_t last_use = 0;
  };
  unsigned sets_, ways_, line_bytes_, miss_latency_;
  std::vector<Line> lines_;
  std::uint64_t accesses_ = 0, misses_ = 0;
};

}  // namespace wf::sm
