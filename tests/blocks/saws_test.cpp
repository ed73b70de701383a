// Golden models of the SAWS first-hit CTA order and the SAWS issue arbiter against
// hand-derived sequences.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "sim_model/blocks/cff_fetch_arbiter.h"
#include "sim_model/blocks/first_hit_order.h"
#include "sim_model/blocks/saws_arbiter.h"

namespace wf::blocks {
namespace {

std::uint32_t slots(std::initializer_list<unsigned> list) {
  std::uint32_t m = 0;
  for (unsigned c : list) m |= 1u << c;
  return m;
}

TEST(FirstHitOrder, EarliestFirstHitFirstThenNotWaitingThenSmallerSlot) {
  FirstHitOrder order(4);
  std::array<std::uint8_t, 4> count{};
  // Nobody waits: the smaller slot.
  EXPECT_EQ(order.first_cta(slots({1, 2}), count), 1);
  EXPECT_EQ(order.first_cta(0, count), -1);
  order.tick(count);
  // Slot 2 hits its barrier: it goes before the slots that do not wait.
  count[2] = 1;
  EXPECT_EQ(order.first_cta(slots({0, 1, 2, 3}), count), 2);
  order.tick(count);
  // Slot 1 hits later with more waiters at once: slot 2 stays first (MWF would pick slot 1).
  count[1] = 3;
  EXPECT_EQ(order.first_cta(slots({1, 2}), count), 2);
  order.tick(count);
  // Slots 3 and 0 hit in the same cycle: behind 2 and 1, and 0 before 3 (smaller slot).
  count[3] = 1;
  count[0] = 1;
  EXPECT_EQ(order.first_cta(slots({0, 1, 3}), count), 1);
  EXPECT_EQ(order.first_cta(slots({0, 3}), count), 0);
  order.tick(count);
  // The order is remembered while the counts grow.
  count[3] = 2;
  EXPECT_EQ(order.first_cta(slots({0, 3}), count), 0);
  EXPECT_EQ(order.first_cta(slots({2, 3}), count), 2);
  order.tick(count);
  // Slot 2 is released: it ranks behind every waiting slot.
  count[2] = 0;
  EXPECT_EQ(order.first_cta(slots({2, 3}), count), 3);
  order.tick(count);
  // Slot 2 hits its next barrier: now it is the latest hit.
  count[2] = 1;
  EXPECT_EQ(order.first_cta(slots({2, 3}), count), 3);
  EXPECT_EQ(order.first_cta(slots({1, 2}), count), 1);
  order.tick(count);
  // A release and a new hit of slot 1 in consecutive cycles: it goes to the back too.
  count[1] = 0;
  order.tick(count);
  count[1] = 1;
  EXPECT_EQ(order.first_cta(slots({1, 2}), count), 2);
  // Reset forgets the order: slot 1 and slot 2 both look like this cycle's first hits.
  order.reset();
  EXPECT_EQ(order.first_cta(slots({1, 2}), count), 1);
}

TEST(SawsArbiter, FirstHitCtaGoesFirstWithLrrInside) {
  // Three CTAs of four warps: slot c holds warps 4c..4c+3.
  SawsArbiter a(SawsArbiterParams{12, 3, 4, InnerPolicy::kLrr});
  SawsArbiter::In in;
  for (unsigned w = 0; w < 12; ++w) in.warp_cta[w] = static_cast<std::uint8_t>(w / 4);
  in.ready = 0xFFF;
  // No barrier yet: slot 0, round robin from warp 0.
  EXPECT_EQ(a.eval(in).grant_warp, 0u);
  a.tick(in);
  // Slot 2 hits its barrier first, then slot 1 with more waiters.
  in.wpt_count[2] = 1;
  EXPECT_EQ(a.eval(in).grant_warp, 8u);
  a.tick(in);
  in.wpt_count[1] = 3;
  EXPECT_EQ(a.eval(in).grant_warp, 9u);  // slot 2 still first; round robin after warp 8
  a.tick(in);
  in.ready = 0x0FF;  // slot 2 has nothing ready: the next hit, slot 1
  EXPECT_EQ(a.eval(in).grant_warp, 4u);
  a.tick(in);
  EXPECT_EQ(a.eval(in).grant_warp, 5u);
  a.tick(in);
  in.wpt_count[1] = 0;  // slot 1 released: slot 0 (not waiting, smaller than 1), after warp 0
  EXPECT_EQ(a.eval(in).grant_warp, 1u);
}

TEST(SawsArbiter, GtoInsideIsGreedyAndTiesGoToSmallerSlot) {
  SawsArbiter a(SawsArbiterParams{8, 4, 8, InnerPolicy::kGto});
  SawsArbiter::In in;
  // Interleaved CTAs: warp w in slot 3 - (w % 2) (slots 3 and 2).
  for (unsigned w = 0; w < 8; ++w) in.warp_cta[w] = static_cast<std::uint8_t>(3 - w % 2);
  in.wpt_count[2] = 1;
  in.wpt_count[3] = 1;  // both hit in the same cycle: slot 2 first
  in.ready = 0xFF;
  EXPECT_EQ(a.eval(in).grant_warp, 1u);
  a.tick(in);
  in.ready = 0xFD;  // greedy warp 1 stalls: slot 2's smallest ready warp
  EXPECT_EQ(a.eval(in).grant_warp, 3u);
  a.tick(in);
  in.ready = 0xFF;  // 3 stays greedy
  EXPECT_EQ(a.eval(in).grant_warp, 3u);
  a.tick(in);
  in.wpt_count[3] = 5;  // more waiters do not matter to SAWS
  EXPECT_EQ(a.eval(in).grant_warp, 3u);
  a.tick(in);
  in.wpt_count[2] = 0;  // slot 2 released: slot 3, which never issued, takes its oldest warp
  EXPECT_EQ(a.eval(in).grant_warp, 0u);
  EXPECT_EQ(a.eval(in).grant, 1u);
}

TEST(SawsArbiter, NoGrantWhenNothingReadyAndOnlyReadyWarpsGranted) {
  SawsArbiter a(SawsArbiterParams{});
  SawsArbiter::In in;
  EXPECT_FALSE(a.eval(in).grant_valid);
  EXPECT_EQ(a.eval(in).grant, 0u);
  in.ready = 1u << 17;
  in.warp_cta[17] = 5;
  in.wpt_count[0] = 4;  // a waiting CTA without ready warps does not block others
  const auto out = a.eval(in);
  EXPECT_TRUE(out.grant_valid);
  EXPECT_EQ(out.grant_warp, 17u);
}

TEST(CffFetchArbiter, SawsModeFetchesForTheFirstHitCta) {
  CffFetchArbiterParams p;
  p.num_warps = 8;
  p.num_cta_slots = 2;
  p.mode = FetchMode::kSawsGto;
  CffFetchArbiter a(p);
  CffFetchArbiter::In in;
  for (unsigned w = 0; w < 8; ++w) in.warp_cta[w] = w % 2;
  in.eligible = 0xFF;
  in.wpt_count[1] = 1;  // slot 1 hits its barrier first
  a.tick(in);
  in.wpt_count[0] = 3;  // slot 0 hits later with more waiters: MWF would take slot 0
  EXPECT_EQ(a.eval(in).grant_warp, 1u);  // slot 1's smallest warp: nothing issued yet
  in.issue_valid[0] = true;
  in.issue_warp[0] = 5;
  a.tick(in);
  in.issue_valid[0] = false;
  EXPECT_EQ(a.eval(in).grant_warp, 5u);  // the warp slot 1 issued last
  in.wpt_count[1] = 0;                   // slot 1 released: slot 0 is the first hit now
  EXPECT_EQ(a.eval(in).grant_warp, 0u);
  // The same inputs under mwf_gto pick by count instead.
  p.mode = FetchMode::kMwfGto;
  CffFetchArbiter mwf(p);
  in.wpt_count = {};
  in.wpt_count[0] = 3;
  in.wpt_count[1] = 1;
  EXPECT_EQ(mwf.eval(in).grant_warp, 0u);
}

TEST(CffFetchArbiter, SawsLrrModeRoundRobinsInsideTheCta) {
  CffFetchArbiterParams p;
  p.num_warps = 8;
  p.num_cta_slots = 2;
  p.mode = FetchMode::kSawsLrr;
  CffFetchArbiter a(p);
  CffFetchArbiter::In in;
  for (unsigned w = 0; w < 8; ++w) in.warp_cta[w] = w / 4;  // slot 0: 0-3, slot 1: 4-7
  in.eligible = 0xFF;
  in.wpt_count[1] = 2;
  EXPECT_EQ(a.eval(in).grant_warp, 4u);
  in.issue_valid[1] = true;
  in.issue_warp[1] = 5;
  a.tick(in);
  EXPECT_EQ(a.eval(in).grant_warp, 6u);  // after the warp slot 1 issued last
}

}  // namespace
}  // namespace wf::blocks
