// The L1 instruction cache's refill paths: a fixed latency, reads through the memory system,
// and the nearby instruction cache in front of them.
#include "sim_model/sm/instruction_cache.h"

#include <gtest/gtest.h>

namespace wf::sm {
namespace {

constexpr std::uint64_t kPending = InstructionCache::kPending;

// 2 sets of 2 ways of 128-byte lines: lines 0, 2, 4 share set 0.
TimingConfig config(unsigned from_memory, unsigned near_bytes) {
  TimingConfig c;
  c.l1i_bytes = 512;
  c.l1i_line_bytes = 128;
  c.l1i_ways = 2;
  c.l1i_miss_latency = 20;
  c.l1i_from_memory = from_memory;
  c.l1i_near_bytes = near_bytes;
  return c;
}

TEST(InstructionCache, FixedLatencyRefill) {
  InstructionCache ic(config(0, 0));
  bool started = false;
  EXPECT_EQ(ic.access(0, 100, started), 120u);
  EXPECT_TRUE(started);
  EXPECT_EQ(ic.access(8, 105, started), 120u);  // the same line: waits for the same refill
  EXPECT_FALSE(started);
  EXPECT_EQ(ic.access(16, 130, started), 130u);
  EXPECT_EQ(ic.misses(), 1u);
  EXPECT_EQ(ic.memory_reads(), 0u);
}

TEST(InstructionCache, MissReadsFromMemoryUntilFilled) {
  InstructionCache ic(config(1, 0));
  bool started = false;
  EXPECT_EQ(ic.access(128, 10, started), kPending);
  EXPECT_TRUE(started);
  EXPECT_EQ(ic.access(130, 11, started), kPending);  // no second read for the same line
  EXPECT_FALSE(started);
  ic.fill(1, 300);
  EXPECT_EQ(ic.access(128, 301, started), 301u);
  EXPECT_EQ(ic.memory_reads(), 1u);
  // Without a nearby cache an evicted line is read again: lines 0 and 2 evict line 4.
  ic.access(4 * 128, 400, started);
  ic.fill(4, 500);
  ic.access(0, 501, started);
  ic.access(2 * 128, 502, started);
  EXPECT_EQ(ic.access(4 * 128, 503, started), kPending);
  EXPECT_TRUE(started);
  EXPECT_EQ(ic.memory_reads(), 5u);
}

TEST(InstructionCache, NearbyCacheRefillsWhatTheL1Evicted) {
  InstructionCache ic(config(1, 4096));
  bool started = false;
  for (std::uint64_t line : {0, 2, 4}) {
    EXPECT_EQ(ic.access(line * 128, 10, started), kPending);
    ic.fill(line, 200);
  }
  EXPECT_EQ(ic.memory_reads(), 3u);
  // Line 0 left the L1 (set 0 holds 2 and 4) but not the nearby cache.
  EXPECT_EQ(ic.access(0, 300, started), 320u);
  EXPECT_TRUE(started);
  EXPECT_EQ(ic.memory_reads(), 3u);
}

TEST(InstructionCache, NearbyLineStillInFlightIsNotReadTwice) {
  InstructionCache ic(config(1, 4096));
  bool started = false;
  EXPECT_EQ(ic.access(0, 10, started), kPending);
  ic.access(2 * 128, 11, started);
  ic.access(4 * 128, 12, started);  // evicts line 0 from the L1 while its read is in flight
  EXPECT_EQ(ic.access(0, 13, started), kPending);
  EXPECT_FALSE(started);  // the nearby cache's read brings it
  EXPECT_EQ(ic.memory_reads(), 3u);
  ic.fill(0, 250);
  EXPECT_EQ(ic.access(0, 251, started), 251u);
}

}  // namespace
}  // namespace wf::sm
