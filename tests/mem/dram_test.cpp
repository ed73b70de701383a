#include "sim_model/mem/dram_channel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "mem_test_util.h"

namespace wf::mem {
namespace {

using test::gtx480;

// Runs DRAM cycles from `now` until a read completes; returns its tag.
std::uint32_t next_completion(DramChannel& ch, std::uint64_t& now) {
  for (int i = 0; i < 10000; ++i) {
    ch.cycle(++now);
    if (ch.has_completion(now)) return ch.pop_completion().tag;
  }
  ADD_FAILURE() << "no completion";
  return ~0u;
}

TEST(Dram, FrFcfsServesRowHitBeforeOlderRowMiss) {
  const MemConfig c = gtx480();
  const AddressMap map(c);
  DramChannel ch(c, map);
  const std::uint64_t row_stride = std::uint64_t{c.dram.row_bytes} * c.dram.banks;
  ASSERT_EQ(map.bank(0), map.bank(row_stride));
  ASSERT_NE(map.row(0), map.row(row_stride));

  std::uint64_t now = 0;
  ch.push(DramRequest{0, 0, 1, false, 0});  // opens row 0 of bank 0
  EXPECT_EQ(next_completion(ch, now), 1u);
  // The cold read: ACT at cycle 1, column at 1 + tRCD, data done tCL + 4 later.
  EXPECT_EQ(now, 1 + c.dram.tRCD + c.dram.tCL + 4);

  ch.push(DramRequest{row_stride, 0, 2, false, 0});  // older, other row: a row miss
  ch.push(DramRequest{256, 0, 3, false, 0});         // younger, open row: a row hit
  const std::uint64_t start = now;
  EXPECT_EQ(next_completion(ch, now), 3u);
  EXPECT_EQ(now - start, 1 + c.dram.tCL + 4u);  // issued in the first cycle, no ACT
  const std::uint64_t hit_done = now;
  EXPECT_EQ(next_completion(ch, now), 2u);
  // The row miss waits for the hit's data (and tRAS) to precharge, then for tRP (and tRC) to
  // activate: the channel must try again the cycle each limit passes, not later.
  const std::uint64_t act0 = 1;
  const std::uint64_t pre = std::max<std::uint64_t>(hit_done, act0 + c.dram.tRAS);
  const std::uint64_t act1 = std::max<std::uint64_t>(pre + c.dram.tRP, act0 + c.dram.tRC);
  EXPECT_EQ(now, act1 + c.dram.tRCD + c.dram.tCL + 4);
  EXPECT_EQ(ch.stats().row_hits, 1u);
  EXPECT_EQ(ch.stats().row_misses, 2u);
  EXPECT_EQ(ch.stats().precharges, 1u);
}

TEST(Dram, QueueRefusesBeyondItsCapacity) {
  const MemConfig c = gtx480();
  const AddressMap map(c);
  DramChannel ch(c, map);
  for (unsigned i = 0; i < c.dram.queue; ++i) {
    ASSERT_TRUE(ch.can_accept());
    ch.push(DramRequest{i * 128ull, 0, i, false, 0});
  }
  EXPECT_FALSE(ch.can_accept());
  ch.note_refused(7);
  ch.note_refused(7);  // the same core cycle counts once
  ch.note_refused(8);
  EXPECT_EQ(ch.stats().queue_full_cycles, 2u);
}

TEST(Dram, StreamingReadsReachSeventyPercentOfPeak) {
  const MemConfig c = gtx480();
  const unsigned sms = 15;
  GpuMemory m(c, sms);
  std::uint64_t next_line = 0;
  std::uint64_t reads_at_start = 0, start = 0;
  const std::uint64_t warmup = 3000, window = 20000;
  for (std::uint64_t cycle = 0; cycle < warmup + window; ++cycle) {
    if (cycle == warmup) {
      reads_at_start = m.stats().dram_row_hits + m.stats().dram_row_misses;
      start = m.now();
    }
    for (unsigned sm = 0; sm < sms; ++sm) {
      if (m.has_response(sm)) m.take_response(sm);
      if (m.can_send(sm)) {
        m.send(test::read(sm, 128 * next_line, next_line));
        ++next_line;
      }
    }
    m.tick();
  }
  const MemoryStats& s = m.stats();
  const double lines = double(s.dram_row_hits + s.dram_row_misses - reads_at_start);
  const double bytes_per_cycle = lines * c.l2.line_bytes / double(m.now() - start);
  const double peak = c.dram_peak_bytes_per_core_cycle();
  const double fraction = bytes_per_cycle / peak;
  std::printf(
      "[ measured ] streaming reads: %.1f of %.1f B/core cycle peak = %.1f %%, "
      "row-buffer hit rate %.1f %%, avg round trip %.1f cycles, L2 hit rate %.1f %%, "
      "DRAM queue full %llu cycles\n",
      bytes_per_cycle, peak, 100 * fraction, 100 * s.dram_row_hit_rate(), s.avg_round_trip(),
      100 * s.l2_hit_rate(), static_cast<unsigned long long>(s.dram_queue_full_cycles));
  EXPECT_NEAR(peak, 6 * 32 * 924.0 / 700, 1e-9);
  EXPECT_GE(fraction, 0.70);
  EXPECT_LE(fraction, 1.0);
}

}  // namespace
}  // namespace wf::mem
