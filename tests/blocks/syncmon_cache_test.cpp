// Golden model of AWG's SyncMon condition cache, against sequences worked out by hand from the
// protocol in sim_model/blocks/syncmon_cache.h: a request is accepted when idle, answered the
// next cycle, and an update that meets a condition resumes its waiters one per cycle after.
#include <gtest/gtest.h>

#include <vector>

#include "sim_model/blocks/syncmon_cache.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {
namespace {

using SyncIn = SyncmonCache::In;
using SyncOut = SyncmonCache::Out;

SyncmonCacheParams tiny() {
  SyncmonCacheParams p;
  p.cache_sets = 2;
  p.cache_ways = 2;
  p.wg_entries = 4;
  p.addr_bits = 3;
  p.value_bits = 2;
  p.wg_bits = 2;
  return p;
}

SyncIn wait_req(std::uint64_t addr, std::uint64_t value, std::uint32_t wg) {
  return SyncIn{true, false, false, addr, value, wg};
}
SyncIn update_req(std::uint64_t addr, std::uint64_t value, bool all) {
  return SyncIn{true, true, all, addr, value, 0};
}

// One clock edge; returns the outputs of the cycle before it.
SyncOut step(SyncmonCache& c, const SyncIn& in = {}) {
  const SyncOut o = c.eval(in);
  c.tick(in);
  return o;
}

// A wait from idle: accepted, then answered. Returns the answer.
SyncOut wait_for(SyncmonCache& c, std::uint64_t addr, std::uint64_t value, std::uint32_t wg) {
  EXPECT_TRUE(step(c, wait_req(addr, value, wg)).req_ready);
  const SyncOut o = step(c);
  EXPECT_TRUE(o.resp_valid);
  EXPECT_FALSE(o.wg_valid);
  return o;
}

// An update from idle: the answer, then the WGs resumed until idle again.
std::vector<std::uint32_t> update(SyncmonCache& c, std::uint64_t addr, std::uint64_t value,
                                  bool all, bool* hit = nullptr) {
  EXPECT_TRUE(step(c, update_req(addr, value, all)).req_ready);
  const SyncOut r = step(c);
  EXPECT_TRUE(r.resp_valid);
  EXPECT_FALSE(r.resp_full);
  if (hit) *hit = r.resp_hit;
  std::vector<std::uint32_t> resumed;
  for (SyncOut o = step(c); !o.req_ready; o = step(c)) {
    EXPECT_TRUE(o.wg_valid);
    resumed.push_back(o.wg);
  }
  return resumed;
}

// Conditions (addr, value 0) of the tiny cache that hash to the same set as (0, 0).
std::vector<std::uint64_t> same_set_addrs(const SyncmonCacheParams& p, unsigned n) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t a = 0; a < 8 && out.size() < n; ++a)
    if (p.hash(a, 0) == p.hash(0, 0)) out.push_back(a);
  return out;
}

TEST(SyncmonCache, PaperDefaultsAndStorage) {
  const SyncmonCacheParams p;
  EXPECT_EQ(p.cache_sets * p.cache_ways, 1024u);
  EXPECT_EQ(p.ptr_bits(), 9u);
  // The paper's 26112 bits: 1024 conditions x two 9-bit pointers + 512 x (6-bit WG id + next).
  EXPECT_EQ(p.paper_bits(), 26112u);
  // What the block stores: the tag (32-bit address, 32-bit value) beside the pointers, the
  // WG list as the paper counts it, and a valid bit per way.
  EXPECT_EQ(p.entry_bits(), 82u);
  EXPECT_EQ(p.cache_ram_bits(), 83968u);
  EXPECT_EQ(p.wg_ram_bits(), 7680u);
  EXPECT_EQ(p.valid_bits(), 1024u);
  EXPECT_EQ(p.shift(), 4u);  // log2(1024) - log2(64)
  EXPECT_EQ(p.key_bits(), 36u);
}

TEST(SyncmonCache, NoConfigurationWithoutSyncmon) {
  Machine m = load_machine("gtx480");
  EXPECT_TRUE(SyncmonCacheParams::for_machine(m).empty());
  m.values["syncmon.cache_sets"].value = 256;
  const auto ps = SyncmonCacheParams::for_machine(m);
  ASSERT_EQ(ps.size(), 1u);
  EXPECT_EQ(ps[0].cache_sets, 256u);
  EXPECT_EQ(ps[0].cache_ways, 4u);
  EXPECT_EQ(ps[0].wg_entries, 512u);
  EXPECT_EQ(ps[0].wg_bits, 7u);  // 15 SMs x 8 CTA slots = 120 WG slots
  EXPECT_EQ(ps[0].validate(), "");
}

TEST(SyncmonCache, WaitThenUpdateResumesTheWaiterAndFreesTheCondition) {
  SyncmonCache c(tiny());
  const SyncOut w = wait_for(c, 5, 2, 3);
  EXPECT_FALSE(w.resp_hit);  // a new condition
  EXPECT_FALSE(w.resp_full);
  EXPECT_EQ(c.used(), 1u);
  EXPECT_EQ(c.waiters(5, 2), 1u);
  bool hit = false;
  EXPECT_EQ(update(c, 5, 1, true, &hit), std::vector<std::uint32_t>{});  // another value
  EXPECT_FALSE(hit);
  EXPECT_EQ(update(c, 5, 2, false, &hit), std::vector<std::uint32_t>{3});
  EXPECT_TRUE(hit);
  EXPECT_EQ(c.used(), 0u);
  EXPECT_EQ(c.waiters(5, 2), 0u);
  EXPECT_EQ(c.valid_in_set(c.params().hash(5, 2)), 0u);
}

TEST(SyncmonCache, WaitersResumeInArrivalOrderOnePerCycle) {
  SyncmonCache c(tiny());
  EXPECT_FALSE(wait_for(c, 1, 1, 2).resp_hit);
  EXPECT_TRUE(wait_for(c, 1, 1, 0).resp_hit);  // joins the cached condition
  EXPECT_TRUE(wait_for(c, 1, 1, 3).resp_hit);
  EXPECT_EQ(c.waiters(1, 1), 3u);
  EXPECT_EQ(update(c, 1, 1, true), (std::vector<std::uint32_t>{2, 0, 3}));
  EXPECT_EQ(c.used(), 0u);
}

TEST(SyncmonCache, ResumeOneLeavesTheOthersWaiting) {
  SyncmonCache c(tiny());
  wait_for(c, 2, 0, 1);
  wait_for(c, 2, 0, 2);
  EXPECT_EQ(update(c, 2, 0, false), std::vector<std::uint32_t>{1});
  EXPECT_EQ(c.waiters(2, 0), 1u);
  EXPECT_EQ(update(c, 2, 0, false), std::vector<std::uint32_t>{2});
  EXPECT_EQ(c.waiters(2, 0), 0u);
}

TEST(SyncmonCache, AFullSetRefusesANewConditionButNotAWaitingOne) {
  const SyncmonCacheParams p = tiny();
  const auto addrs = same_set_addrs(p, 3);
  ASSERT_EQ(addrs.size(), 3u);
  SyncmonCache c(p);
  EXPECT_FALSE(wait_for(c, addrs[0], 0, 0).resp_full);
  EXPECT_FALSE(wait_for(c, addrs[1], 0, 1).resp_full);  // lowest free way: way 1
  EXPECT_TRUE(c.valid(p.hash(0, 0), 0) && c.valid(p.hash(0, 0), 1));
  const SyncOut refused = wait_for(c, addrs[2], 0, 2);
  EXPECT_TRUE(refused.resp_full);
  EXPECT_FALSE(refused.resp_hit);
  EXPECT_EQ(c.used(), 2u);                              // nothing stored
  EXPECT_FALSE(wait_for(c, addrs[1], 0, 3).resp_full);  // a cached condition still takes waiters
  // The first condition's last waiter leaves; its way takes the new condition.
  EXPECT_EQ(update(c, addrs[0], 0, true), std::vector<std::uint32_t>{0});
  EXPECT_FALSE(wait_for(c, addrs[2], 0, 2).resp_full);
  EXPECT_EQ(c.waiters(addrs[2], 0), 1u);
  EXPECT_EQ(c.waiters(addrs[1], 0), 2u);
}

TEST(SyncmonCache, AFullWgListRefusesEveryWaiterAndReusesReturnedEntries) {
  SyncmonCache c(tiny());
  for (std::uint32_t wg = 0; wg < 4; ++wg) EXPECT_FALSE(wait_for(c, 3, 1, wg).resp_full);
  EXPECT_EQ(c.used(), 4u);
  const SyncOut refused = wait_for(c, 3, 1, 0);
  EXPECT_TRUE(refused.resp_full);
  EXPECT_TRUE(refused.resp_hit);  // cached, but no entry left
  EXPECT_EQ(update(c, 3, 1, false), std::vector<std::uint32_t>{0});
  EXPECT_TRUE(c.from_free_list());  // the next waiter takes the returned entry
  EXPECT_FALSE(wait_for(c, 3, 1, 2).resp_full);
  EXPECT_EQ(update(c, 3, 1, true), (std::vector<std::uint32_t>{1, 2, 3, 2}));
}

TEST(SyncmonCache, RequestsWhileBusyAreNotTaken) {
  SyncmonCache c(tiny());
  wait_for(c, 4, 3, 1);
  wait_for(c, 4, 3, 2);
  EXPECT_TRUE(step(c, update_req(4, 3, true)).req_ready);
  // Busy for the answer and both pops: a wait offered meanwhile is ignored.
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(step(c, wait_req(6, 0, 3)).req_ready);
  EXPECT_TRUE(step(c).req_ready);
  EXPECT_EQ(c.used(), 0u);
  EXPECT_EQ(c.waiters(6, 0), 0u);
}

TEST(SyncmonCache, ResetForgetsEveryCondition) {
  SyncmonCache c(tiny());
  wait_for(c, 7, 2, 1);
  c.reset();
  EXPECT_EQ(c.used(), 0u);
  EXPECT_EQ(c.waiters(7, 2), 0u);
  bool hit = true;
  EXPECT_EQ(update(c, 7, 2, true, &hit), std::vector<std::uint32_t>{});
  EXPECT_FALSE(hit);
}

}  // namespace
}  // namespace wf::blocks
