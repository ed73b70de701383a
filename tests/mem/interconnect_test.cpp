#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "mem_test_util.h"

namespace wf::mem {
namespace {

using test::gtx480;
using test::read;

TEST(Interconnect, SubpartitionInterleaveIs256ByteChunksThenBit7) {
  const MemConfig c = gtx480();
  const AddressMap map(c);
  EXPECT_EQ(map.subpartition(0x000), 0u);
  EXPECT_EQ(map.subpartition(0x080), 1u);
  EXPECT_EQ(map.subpartition(0x100), 2u);
  EXPECT_EQ(map.subpartition(0x180), 3u);
  EXPECT_EQ(map.subpartition(0x600), 0u);  // chunk 6 wraps to channel 0
  EXPECT_EQ(map.local_chunk(0x600), 1u);
}

// A packet held back by a busy port goes the cycle the port frees, not later: the crossbar
// does not offer a source again before its earliest port frees, and must not wait longer.
TEST(Interconnect, APacketWaitingOnABusyPortLeavesTheCycleItFrees) {
  Crossbar xb(2, 2, 4, 4, 1);  // latency 1: ready = grant + flits
  Packet wide;
  wide.dest = 0;
  wide.flits = 4;
  Packet narrow = wide;
  narrow.flits = 1;
  xb.push(0, wide);    // holds destination 0's port, and source 0's, for cycles 0-3
  xb.push(1, narrow);  // to the same destination: waits for its port
  narrow.dest = 1;
  xb.push(0, narrow);  // to a free destination, but its source's port is busy
  for (std::uint64_t now = 0; now < 10; ++now) xb.tick(now);
  ASSERT_TRUE(xb.has_ready(0, 10));
  EXPECT_EQ(xb.pop(0).ready, 4u);                  // granted at 0
  EXPECT_EQ(xb.pop(0).ready, 5u);                  // granted at 4
  EXPECT_EQ(xb.pop(1).ready, 5u);                  // granted at 4
  EXPECT_EQ(xb.front_ready(0), Crossbar::kNever);  // empty
}

// The round robin moves on every cycle a source waits, also in the cycles the crossbar skips
// because no source can offer before a port frees.
TEST(Interconnect, RoundRobinMovesOnWhileEverySourceWaitsOnAPort) {
  Crossbar xb(2, 1, 4, 4, 1);
  Packet p;
  p.dest = 0;
  p.flits = 5;
  p.req.id = 1;
  xb.push(0, p);  // granted at 0 (the round robin starts at source 0): the port is free at 5
  p.req.id = 2;
  xb.push(0, p);
  p.req.id = 3;
  xb.push(1, p);
  // Cycles 0-4 start the round robin at sources 0, 1, 0, 1, 0 (2-4 with nothing to offer):
  // cycle 5 starts at source 1.
  for (std::uint64_t now = 0; now < 20; ++now) xb.tick(now);
  EXPECT_EQ(xb.pop(0).req.id, 1u);
  EXPECT_EQ(xb.pop(0).req.id, 3u);
  EXPECT_EQ(xb.pop(0).req.id, 2u);
}

TEST(Interconnect, InjectionBufferBackPressures) {
  const MemConfig c = gtx480();
  GpuMemory m(c, 2);
  for (unsigned i = 0; i < c.icnt.input_buffer; ++i) {
    ASSERT_TRUE(m.can_send(0));
    m.send(read(0, 0x100000 + 128ull * i, i));
  }
  EXPECT_FALSE(m.can_send(0));
  EXPECT_TRUE(m.can_send(1));  // per SM
  m.tick();
  EXPECT_TRUE(m.can_send(0));  // one packet left (each goes to its own sub-partition)
}

TEST(Interconnect, FullSmPortStallsRepliesAndCountsIt) {
  const MemConfig c = gtx480();
  GpuMemory m(c, 1);
  const unsigned n = 40;
  unsigned sent = 0;
  // The SM sends but never takes replies: its port fills, replies back up into the L2 (all
  // lines of one sub-partition: chunks 6 apart, the low line of each), whose replies then find
  // the crossbar full in every cycle.
  for (int cycle = 0; cycle < 5000; ++cycle) {
    if (sent < n && m.can_send(0)) {
      m.send(read(0, 256ull * c.channels * sent, sent));
      ++sent;
    }
    m.tick();
  }
  EXPECT_EQ(sent, n);
  EXPECT_GT(m.stats().icnt_to_sm_stall_cycles, 1000u);
  EXPECT_EQ(m.stats().responses, 0u);
  unsigned taken = 0;
  for (int cycle = 0; cycle < 5000 && !m.idle(); ++cycle) {
    if (m.has_response(0)) {
      m.take_response(0);
      ++taken;
    }
    m.tick();
  }
  EXPECT_EQ(taken, n);
  EXPECT_TRUE(m.idle());
}

TEST(Interconnect, AtomicsReachTheHookInArrivalOrderAtL2Time) {
  const MemConfig c = gtx480();
  GpuMemory m(c, 3);
  std::vector<std::pair<std::uint32_t, std::uint64_t>> calls;  // (sm, cycle)
  m.set_atomic_hook([&](const LineRequest& r) { calls.emplace_back(r.sm, m.now()); });
  const std::uint64_t line = 0x7700;
  // SM 2 first, then SM 0, then SM 1, a few cycles apart.
  const std::uint32_t order[] = {2, 0, 1};
  std::vector<std::uint64_t> sent_at(3);
  for (unsigned k = 0; k < 3; ++k) {
    sent_at[order[k]] = m.now();
    m.send(LineRequest{k, order[k], line, 4, RequestKind::kAtomic, 0, {}, 0, 0});
    for (int i = 0; i < 3; ++i) m.tick();
  }
  std::vector<std::uint64_t> replied(3, 0);
  for (int cycle = 0; cycle < 2000 && !m.idle(); ++cycle) {
    for (std::uint32_t sm = 0; sm < 3; ++sm) {
      if (m.has_response(sm)) {
        m.take_response(sm);
        replied[sm] = m.now();
      }
    }
    m.tick();
  }
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[0].first, 2u);
  EXPECT_EQ(calls[1].first, 0u);
  EXPECT_EQ(calls[2].first, 1u);
  // Performed after the hop and the ROP pipeline, before the reply.
  EXPECT_EQ(calls[0].second, sent_at[2] + c.icnt.latency + c.l2.rop_latency);
  for (const auto& [sm, at] : calls) EXPECT_LT(at, replied[sm]);
  EXPECT_EQ(m.stats().atomics, 3u);
}

// A mixed random workload; the stats are a fingerprint of every timing decision.
MemoryStats random_run(unsigned seed) {
  GpuMemory m(gtx480(), 4);
  std::mt19937_64 rng(seed);
  m.set_atomic_hook([](const LineRequest&) {});
  std::uint64_t id = 0;
  for (int cycle = 0; cycle < 30000; ++cycle) {
    for (std::uint32_t sm = 0; sm < 4; ++sm) {
      if (m.has_response(sm) && rng() % 4 != 0) m.take_response(sm);
      if (cycle < 20000 && m.can_send(sm) && rng() % 3 == 0) {
        const std::uint64_t addr = (rng() % (1 << 22)) & ~127ull;
        const unsigned k = rng() % 10;
        const RequestKind kind =
            k < 6 ? RequestKind::kRead : (k < 9 ? RequestKind::kWrite : RequestKind::kAtomic);
        m.send(LineRequest{
            id++, sm, addr, kind == RequestKind::kRead ? 128u : 4u * (1 + k), kind, 0, {}, 0, 0});
      }
    }
    m.tick();
  }
  EXPECT_TRUE(m.idle());
  return m.stats();
}

TEST(Interconnect, SameRequestsGiveIdenticalStats) {
  const MemoryStats a = random_run(7), b = random_run(7), other = random_run(8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, other);
  EXPECT_GT(a.responses, 1000u);
  EXPECT_GT(a.dram_writes, 0u);
}

}  // namespace
}  // namespace wf::mem
