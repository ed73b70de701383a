// The L1 instruction cache: set associative, LRU. A line being refilled is installed at once
// with a ready time, so a second warp missing on the same line waits for the same refill
// instead of starting its own.
//
// Where a miss is refilled from ([l1i] keys):
// - from_memory = 0: a nearby cache that always hits, after miss_latency cycles.
// - from_memory = 1: the code lives in device memory, so a line no cache near the SM holds is
//   read through the SM's port to the interconnect, the L2 and DRAM (the line stays pending
//   until fill() is told it arrived). With near_bytes > 0, a nearby instruction cache of that
//   size (LRU, the L1I's ways and line) backs the L1I: a miss that hits there is refilled after
//   miss_latency; lines read from memory are installed in both.
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/sm/timing_config.h"

namespace wf::sm {

class InstructionCache {
 public:
  // The ready time of a line whose read through the memory system has not returned yet.
  static constexpr std::uint64_t kPending = ~std::uint64_t{0};

  explicit InstructionCache(const TimingConfig& c);

  // Returns the cycle from which the line holding `addr` can be read: `now` on a hit, later
  // while a refill is in flight, or kPending while a read through the memory system is. Sets
  // `started` when this call started a refill (a read through the memory system for kPending).
  std::uint64_t access(std::uint64_t addr, std::uint64_t now, bool& started);
  // The read of line `line` (an address / line_bytes) arrived: it can be read from `now`, if
  // it is still held.
  void fill(std::uint64_t line, std::uint64_t now);

  std::uint64_t accesses() const { return accesses_; }
  std::uint64_t misses() const { return misses_; }
  std::uint64_t memory_reads() const { return memory_reads_; }

 private:
  struct Line {
    std::uint64_t tag = ~0ull;
    std::uint64_t ready = 0;
    std::uint64_t last_use = 0;
  };
  // LRU tag arrays of `sets` sets of `ways` ways: the L1I and the nearby cache.
  struct Tags {
    unsigned sets = 0, ways = 0;
    std::vector<Line> lines;
    Line* find(std::uint64_t line);  // null on a miss
    Line& victim(std::uint64_t line);
  };
  unsigned line_bytes_, miss_latency_;
  bool from_memory_;
  Tags l1_, near_;
  std::uint64_t accesses_ = 0, misses_ = 0, memory_reads_ = 0;
};

}  // namespace wf::sm
