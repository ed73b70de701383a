#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "mem_test_util.h"
#include "sim_model/common/error.h"

namespace wf::mem {
namespace {

using test::gtx480;
using test::read;
using test::round_trip;

TEST(MemoryLatency, PresetNumbers) {
  const MemConfig c = gtx480();
  EXPECT_EQ(c.subpartitions(), 12u);
  EXPECT_EQ(c.l2.sets, 64u);  // 786432 / 12 / (8 * 128)
  EXPECT_EQ(c.l2_hit_round_trip(), 133u);
  EXPECT_EQ(c.dram.burst_bytes(), 64u);
  EXPECT_EQ(c.dram.burst_cycles(), 2u);
}

TEST(MemoryLatency, DramMissThenL2Hit) {
  const MemConfig c = gtx480();
  GpuMemory m(c, 1);
  // Cold: 5 (hop) + 120 (ROP) + 1 (to the DRAM queue) + ACT, tRCD 12, tCL 10, 4 burst cycles
  // (26 DRAM cycles ~ 20 core cycles, phase-dependent) + 100 (return) + 5 + 4 - 1 (reply).
  const std::uint64_t miss = round_trip(m, read(0, 0x10000));
  EXPECT_EQ(miss, 254u);
  EXPECT_GE(miss, c.dram_min_latency);
  const std::uint64_t hit = round_trip(m, read(0, 0x10000));
  EXPECT_EQ(hit, c.l2_hit_round_trip());
  EXPECT_GE(hit, c.l2_min_latency);
  EXPECT_TRUE(m.idle());
  const MemoryStats& s = m.stats();
  EXPECT_EQ(s.l2_accesses, 2u);
  EXPECT_EQ(s.l2_hits, 1u);
  EXPECT_EQ(s.dram_reads, 1u);
  EXPECT_EQ(s.dram_row_misses, 1u);
  EXPECT_EQ(s.responses, 2u);
  EXPECT_EQ(s.round_trip_cycles, miss + hit);
}

TEST(MemoryLatency, SecondLineOfAnOpenRowIsARowHit) {
  GpuMemory m(gtx480(), 1);
  // 0x0 and 0x80 share a 256-byte chunk: same channel, other sub-partition, same DRAM row.
  const std::uint64_t first = round_trip(m, read(0, 0x0));
  const std::uint64_t second = round_trip(m, read(0, 0x80));
  EXPECT_LT(second, first);  // no ACT: tRCD saved
  EXPECT_EQ(m.stats().dram_row_hits, 1u);
  EXPECT_EQ(m.stats().dram_row_misses, 1u);
}

TEST(MemoryLatency, WritesFinishWithoutReplies) {
  GpuMemory m(gtx480(), 1);
  m.send(LineRequest{1, 0, 0x400, 4, RequestKind::kWrite, 0, {}, 0, 0});    // partial miss
  m.send(LineRequest{2, 0, 0x800, 128, RequestKind::kWrite, 0, {}, 0, 0});  // full line
  for (int i = 0; i < 1000 && !m.idle(); ++i) m.tick();
  EXPECT_TRUE(m.idle());
  EXPECT_FALSE(m.has_response(0));
  // Write-back with byte masks: both allocate in the L2, neither reads nor writes DRAM.
  EXPECT_EQ(m.stats().dram_writes, 0u);
  EXPECT_EQ(m.stats().dram_reads, 0u);
  EXPECT_EQ(m.stats().l2_partial_writes, 1u);
  // The full-line write left the line valid in L2: a read hits.
  EXPECT_EQ(round_trip(m, read(0, 0x800)), m.config().l2_hit_round_trip());
  // The partial line holds 4 bytes: a read fetches the rest (a miss, slower than a hit).
  EXPECT_GT(round_trip(m, read(0, 0x400)), m.config().l2_hit_round_trip());
  EXPECT_EQ(m.stats().dram_reads, 1u);
  EXPECT_EQ(m.stats().l2_partial_fills, 1u);
  // Merged with the fill, the line is whole now.
  EXPECT_EQ(round_trip(m, read(0, 0x400)), m.config().l2_hit_round_trip());
}

// Partial stores that together cover a line merge in the L2 into a whole line: nothing is
// fetched, and a read hits.
TEST(MemoryLatency, PartialStoresMergeIntoAWholeLine) {
  GpuMemory m(gtx480(), 1);
  for (unsigned k = 0; k < 32; ++k) {
    LineRequest w{k, 0, 0x2000, 4, RequestKind::kWrite, 0, {}, 0, 0};
    w.mask.set(4 * k, 4 * k + 4, 128);
    while (!m.can_send(0)) m.tick();
    m.send(w);
    m.tick();
  }
  for (int i = 0; i < 1000 && !m.idle(); ++i) m.tick();
  EXPECT_EQ(m.stats().l2_partial_writes, 1u);  // the first; the rest merged into it
  EXPECT_EQ(round_trip(m, read(0, 0x2000)), m.config().l2_hit_round_trip());
  EXPECT_EQ(m.stats().dram_reads, 0u);
  EXPECT_EQ(m.stats().l2_partial_fills, 0u);
}

// A dirty partial line is written back as the bursts its bytes touch; a whole line as all.
TEST(MemoryLatency, PartialLineWritesBackOnlyTheBurstsItTouched) {
  const MemConfig c = gtx480();
  auto written_cycles = [&](unsigned bytes) {
    GpuMemory m(c, 1);
    LineRequest w{1, 0, 0x0, bytes, RequestKind::kWrite, 0, {}, 0, 0};
    m.send(w);
    // Nine more lines of the same L2 set (local chunks 64 apart: 64 × 6 × 256 bytes) evict it.
    const std::uint64_t set_stride = std::uint64_t{c.l2.sets} * c.channels * 256;
    for (unsigned k = 1; k <= c.l2.ways; ++k) {
      while (!m.can_send(0)) m.tick();
      m.send(LineRequest{1 + k, 0, k * set_stride, 128, RequestKind::kWrite, 0, {}, 0, 0});
    }
    for (int i = 0; i < 5000 && !m.idle(); ++i) m.tick();
    EXPECT_EQ(m.stats().l2_writebacks, 1u);
    return m.stats().dram_data_cycles;
  };
  EXPECT_EQ(written_cycles(4), c.dram.burst_cycles());        // one 64-byte burst
  EXPECT_EQ(written_cycles(128), 2 * c.dram.burst_cycles());  // the whole line
}

// The atomic unit performs a request's operations on one address one after another, and the
// next atomic waits for it.
TEST(MemoryLatency, AtomicsOnOneAddressSerialiseInTheUnit) {
  MemConfig c = gtx480();
  c.l2.atomic_same_address_cycles = 4;
  auto two_atomics = [&](std::uint8_t same) {
    GpuMemory m(c, 1);
    round_trip(m, read(0, 0x3000));  // the line in L2
    for (std::uint64_t id = 1; id <= 2; ++id)
      m.send(LineRequest{id, 0, 0x3000, 4, RequestKind::kAtomic, 0, {}, 32, same});
    std::uint64_t cycles = 0, taken = 0;
    for (; taken < 2 && cycles < 5000; ++cycles) {
      m.tick();
      while (m.has_response(0)) {
        m.take_response(0);
        ++taken;
      }
    }
    EXPECT_EQ(m.stats().atomic_unit_busy_cycles, 2u * std::max<unsigned>(32, same * 4u));
    return cycles;
  };
  const std::uint64_t distinct = two_atomics(1), one_address = two_atomics(32);
  // 32 operations at 1 per cycle vs 32 × 4 cycles on one address: the second atomic's reply
  // comes 2 × 96 cycles later.
  EXPECT_EQ(one_address - distinct, 2u * (128 - 32));
}

// Host copies leave their lines in the L2 ([l2] copies_allocate): a whole line copied hits,
// a line the copy covered in part fetches the rest; with the key off, neither is there.
TEST(MemoryLatency, HostCopiesLeaveTheirLinesInTheL2) {
  MemConfig c = gtx480();
  GpuMemory m(c, 1);
  m.host_wrote(0x6000, 128 + 64);  // line 0x6000 whole, half of 0x6080
  EXPECT_EQ(m.stats().l2_copied_lines, 2u);
  EXPECT_EQ(round_trip(m, read(0, 0x6000)), c.l2_hit_round_trip());
  EXPECT_GT(round_trip(m, read(0, 0x6080)), c.l2_hit_round_trip());
  EXPECT_EQ(m.stats().l2_partial_fills, 1u);
  EXPECT_EQ(m.stats().dram_writes, 0u);  // copied lines are clean
  c.l2.copies_allocate = 0;
  GpuMemory off(c, 1);
  off.host_wrote(0x6000, 128);
  EXPECT_GT(round_trip(off, read(0, 0x6000)), c.l2_hit_round_trip());
  EXPECT_EQ(off.stats().l2_copied_lines, 0u);
}

TEST(MemoryLatency, SkipIdleMatchesTicking) {
  GpuMemory a(gtx480(), 1), b(gtx480(), 1);
  for (int i = 0; i < 37; ++i) a.tick();
  b.skip_idle(37);
  EXPECT_EQ(round_trip(a, read(0, 0x5000)), round_trip(b, read(0, 0x5000)));
  EXPECT_EQ(a.stats(), b.stats());
}

// The memory system registers the latency floors among the preset rules: a preset whose
// fixed-latency minimum undercuts what the golden memory takes unloaded is refused at load.
TEST(MemoryLatency, MinimumLatencyAboveTheRoundTripIsRefused) {
  std::string text = builtin_preset_text("gtx480");
  const std::string key = "l2_min_latency = 120";
  ASSERT_NE(text.find(key), std::string::npos);
  text.replace(text.find(key), key.size(), "l2_min_latency = 135");
  try {
    parse_machine(text, "slow.toml");
    ADD_FAILURE() << "accepted an l2_min_latency above the L2 hit round trip";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "slow.toml:80: [memory] l2_min_latency = 135 exceeds the L2 hit round trip of "
                 "133 cycles (2 × [memory] icnt_latency + [l2] rop_latency + reply flits - 1)");
  }
  text.replace(text.find("l2_min_latency = 135"), key.size(), key);
  EXPECT_EQ(load_mem_config(parse_machine(text, "slow.toml")).l2_min_latency, 120u);
}

}  // namespace
}  // namespace wf::mem
