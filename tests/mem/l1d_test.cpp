#include "sim_model/mem/l1d.h"

#include <gtest/gtest.h>

#include <deque>
#include <vector>

#include "mem_test_util.h"

namespace wf::mem {
namespace {

// A lower memory the test drives by hand: it records what the L1 sends and replies on demand.
class FakeLower : public MemorySystem {
 public:
  bool accept = true;
  std::vector<LineRequest> sent;
  std::deque<LineResponse> replies;

  bool can_send(std::uint32_t) const override { return accept; }
  void send(const LineRequest& r) override { sent.push_back(r); }
  bool has_response(std::uint32_t) const override { return !replies.empty(); }
  LineResponse take_response(std::uint32_t) override {
    LineResponse r = replies.front();
    replies.pop_front();
    return r;
  }
  void tick() override {}
  bool idle() const override { return replies.empty(); }
  void set_atomic_hook(AtomicHook) override {}
  const MemoryStats& stats() const override { return stats_; }

  void reply_to(const LineRequest& r) { replies.push_back(LineResponse{r.id, r.sm}); }

 private:
  MemoryStats stats_;
};

ptx::MemAccess lanes_at(std::uint64_t base, std::uint64_t stride, bool store = false,
                        unsigned lanes = 32) {
  ptx::MemAccess m;
  m.space = ptx::Space::Global;
  m.bytes = 4;
  m.is_store = store;
  m.lanes = (1ull << lanes) - 1;
  for (unsigned l = 0; l < lanes; ++l) m.addr[l] = base + l * stride;
  return m;
}

class L1Test : public ::testing::Test {
 protected:
  L1Config c = test::gtx480().l1;
  FakeLower lower;
  L1DataCache l1{c, 0, lower};
  std::uint64_t now = 0;

  void tick(unsigned n = 1) {
    for (unsigned i = 0; i < n; ++i) l1.tick(now++);
  }
  std::vector<std::uint64_t> completions() {
    std::vector<std::uint64_t> out;
    while (l1.has_completion()) out.push_back(l1.pop_completion());
    return out;
  }
  // A one-line load that misses and is filled right away.
  void load_and_fill(std::uint64_t addr, std::uint64_t token) {
    ASSERT_EQ(l1.access(token, 0, lanes_at(addr, 0, false, 1), false), L1Status::kAccepted);
    const std::size_t before = lower.sent.size();
    tick();
    ASSERT_EQ(lower.sent.size(), before + 1);
    lower.reply_to(lower.sent.back());
    tick();
    ASSERT_EQ(completions(), std::vector<std::uint64_t>{token});
  }
  bool hits(std::uint64_t addr) {
    const std::uint64_t hits_before = l1.stats().hits;
    EXPECT_EQ(l1.access(99, 0, lanes_at(addr, 0, false, 1), false), L1Status::kAccepted);
    tick();
    tick(c.hit_latency);
    for (int i = 0; i < 3 && !l1.has_completion(); ++i) {  // a miss: fill it
      if (!lower.sent.empty()) lower.reply_to(lower.sent.back());
      tick();
    }
    completions();
    return l1.stats().hits > hits_before;
  }
};

TEST_F(L1Test, AnAccessReportsItsLinesAndLooksUpOnePerCycle) {
  // 32 lanes, 16 bytes apart: 512 bytes, four lines.
  ASSERT_EQ(l1.access(3, 0, lanes_at(0x8000, 16), false), L1Status::kAccepted);
  EXPECT_EQ(l1.lines_to_look_up(), 4u);
  EXPECT_FALSE(l1.can_accept());
  tick();
  EXPECT_EQ(l1.lines_to_look_up(), 3u);
  tick(3);
  EXPECT_EQ(l1.lines_to_look_up(), 0u);
  EXPECT_TRUE(l1.can_accept());
}

TEST_F(L1Test, MissFillsThenHitsAfterHitLatency) {
  load_and_fill(0x1000, 7);
  EXPECT_EQ(lower.sent[0].kind, RequestKind::kRead);
  EXPECT_EQ(lower.sent[0].addr, 0x1000u);
  EXPECT_EQ(lower.sent[0].bytes, 128u);
  ASSERT_EQ(l1.access(8, 0, lanes_at(0x1000, 4), false), L1Status::kAccepted);
  tick();  // lookup
  EXPECT_TRUE(completions().empty());
  tick(c.hit_latency);
  EXPECT_EQ(completions(), std::vector<std::uint64_t>{8});
  EXPECT_EQ(lower.sent.size(), 1u);
  EXPECT_EQ(l1.stats().hits, 1u);
  EXPECT_EQ(l1.stats().misses, 1u);
  EXPECT_TRUE(l1.idle());
}

TEST_F(L1Test, LeastRecentlyUsedWayIsEvicted) {
  const std::uint64_t set_stride = std::uint64_t{c.sets} * c.line_bytes;  // same set
  for (unsigned w = 0; w < c.ways; ++w) load_and_fill(w * set_stride, w);
  EXPECT_TRUE(hits(0));                     // way 0 becomes most recent
  load_and_fill(c.ways * set_stride, 100);  // evicts line 1, the least recent
  EXPECT_TRUE(hits(0));
  EXPECT_FALSE(hits(1 * set_stride));
  EXPECT_TRUE(hits(c.ways * set_stride));
}

TEST_F(L1Test, MshrMergesMissesToOneLine) {
  ASSERT_EQ(l1.access(1, 0, lanes_at(0x2000, 4), false), L1Status::kAccepted);
  tick();
  ASSERT_EQ(l1.access(2, 1, lanes_at(0x2040, 4, false, 8), false), L1Status::kAccepted);
  tick();
  EXPECT_EQ(lower.sent.size(), 1u);
  EXPECT_EQ(l1.stats().mshr_merges, 1u);
  lower.reply_to(lower.sent[0]);
  tick();
  EXPECT_EQ(completions(), (std::vector<std::uint64_t>{1, 2}));
}

TEST_F(L1Test, FullMshrTableIsAStructuralStall) {
  // 32 lanes x 128-byte stride: 32 lines, one per cycle, filling all 32 MSHRs.
  ASSERT_EQ(l1.access(1, 0, lanes_at(0x10000, 128), false), L1Status::kAccepted);
  EXPECT_FALSE(l1.can_accept());
  EXPECT_EQ(l1.access(2, 0, lanes_at(0x90000, 4), false), L1Status::kRetry);
  tick(c.mshr_entries);
  EXPECT_TRUE(l1.can_accept());
  EXPECT_EQ(lower.sent.size(), c.mshr_entries);
  ASSERT_EQ(l1.access(2, 0, lanes_at(0x90000, 4), false), L1Status::kAccepted);
  tick(5);
  EXPECT_FALSE(l1.can_accept());  // no MSHR for the new line
  EXPECT_EQ(l1.stats().stall_cycles, 5u);
  EXPECT_EQ(l1.stats().mshr_full_cycles, 5u);
  EXPECT_EQ(l1.stats().miss_queue_full_cycles, 0u);
  EXPECT_EQ(lower.sent.size(), c.mshr_entries);
  lower.reply_to(lower.sent[3]);  // frees one
  tick();                         // fill, then the waiting line takes the MSHR
  EXPECT_TRUE(l1.can_accept());
  EXPECT_EQ(lower.sent.size(), c.mshr_entries + 1);
  EXPECT_EQ(lower.sent.back().addr, 0x90000u);
}

TEST_F(L1Test, InterconnectBackPressureFillsTheMissQueue) {
  lower.accept = false;
  ASSERT_EQ(l1.access(1, 0, lanes_at(0x10000, 128), false), L1Status::kAccepted);
  tick(20);
  EXPECT_FALSE(l1.can_accept());
  EXPECT_EQ(l1.stats().misses, c.miss_queue);  // only as many as the miss queue holds
  EXPECT_EQ(l1.stats().miss_queue_full_cycles, l1.stats().stall_cycles);
  EXPECT_GT(l1.stats().stall_cycles, 0u);
  lower.accept = true;
  tick(40);
  EXPECT_EQ(lower.sent.size(), 32u);
}

TEST_F(L1Test, StoresWriteThroughWithoutAllocating) {
  ASSERT_EQ(l1.access(5, 0, lanes_at(0x3000, 4, true), false), L1Status::kAccepted);
  tick();
  ASSERT_EQ(lower.sent.size(), 1u);
  EXPECT_EQ(lower.sent[0].kind, RequestKind::kWrite);
  EXPECT_EQ(lower.sent[0].bytes, 128u);
  EXPECT_EQ(completions(), std::vector<std::uint64_t>{5});  // done once the line left
  EXPECT_FALSE(hits(0x3000));                               // not allocated
  EXPECT_TRUE(hits(0x3000));                                // the load did allocate
  ASSERT_EQ(l1.access(6, 0, lanes_at(0x3000, 4, true, 2), false), L1Status::kAccepted);
  tick();
  EXPECT_EQ(lower.sent.back().bytes, 8u);
  EXPECT_TRUE(hits(0x3000));  // a store hit keeps the line
  // The request names the bytes written, for the L2 to merge: lanes 0 and 1, bytes 0..7.
  ByteMask eight;
  eight.set(0, 8, 128);
  EXPECT_EQ(lower.sent.back().mask, eight);
}

TEST_F(L1Test, AtomicsBypassTheCache) {
  load_and_fill(0x4000, 1);
  ASSERT_EQ(l1.access(2, 0, lanes_at(0x4000, 4, true), true), L1Status::kAccepted);
  tick();
  ASSERT_EQ(lower.sent.size(), 2u);
  EXPECT_EQ(lower.sent[1].kind, RequestKind::kAtomic);
  EXPECT_EQ(lower.sent[1].atomic_ops, 32u);
  EXPECT_EQ(lower.sent[1].atomic_same, 1u);  // 32 distinct words
  EXPECT_TRUE(completions().empty());        // waits for the L2
  lower.reply_to(lower.sent[1]);
  tick();
  EXPECT_EQ(completions(), std::vector<std::uint64_t>{2});
  EXPECT_EQ(l1.stats().hits, 0u);
}

// The L2's atomic unit serialises a line's operations on one address: the request says how many.
TEST_F(L1Test, AtomicRequestsCountTheirOperationsOnOneAddress) {
  ptx::MemAccess m = lanes_at(0x5000, 0);                               // 32 lanes on one word
  for (unsigned l = 16; l < 32; ++l) m.addr[l] = 0x5004 + 4 * (l % 4);  // 16 lanes on 4 more
  ASSERT_EQ(l1.access(1, 0, m, true), L1Status::kAccepted);
  tick();
  ASSERT_EQ(lower.sent.size(), 1u);
  EXPECT_EQ(lower.sent[0].atomic_ops, 32u);
  EXPECT_EQ(lower.sent[0].atomic_same, 16u);
}

TEST(L1WithMemory, LoadThroughTheWholeHierarchy) {
  const MemConfig c = test::gtx480();
  GpuMemory mem(c, 1);
  auto l1 = make_l1_data_cache(c, 0, mem);
  ASSERT_EQ(l1->access(1, 0, lanes_at(0x8000, 4), false), L1Status::kAccepted);
  std::uint64_t cycle = 0;
  while (!l1->has_completion() && cycle < 1000) {
    l1->tick(cycle++);
    mem.tick();
  }
  // Sent in the lookup cycle, reply taken in the cycle it becomes takeable.
  EXPECT_EQ(cycle, 254u + 1);
  EXPECT_TRUE(l1->idle());
  EXPECT_TRUE(mem.idle());
}

}  // namespace
}  // namespace wf::mem
