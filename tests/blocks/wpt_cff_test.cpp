// Golden models of the warp priority table and the CFF fetch arbiter.
#include <gtest/gtest.h>

#include "sim_model/blocks/cff_fetch_arbiter.h"
#include "sim_model/blocks/warp_priority_table.h"

namespace wf::blocks {
namespace {

TEST(WarpPriorityTable, Gtx480IsSixBytes) {
  WarpPriorityTableParams p;  // 8 slots, 48 warps per CTA
  EXPECT_EQ(p.num_cta_slots * p.count_bits(), 48u);
}

TEST(WarpPriorityTable, CountsArrivalsReleasesAndSaturates) {
  WarpPriorityTable t(WarpPriorityTableParams{4, 3, 2});
  WarpPriorityTable::In in;
  in.arrive_valid = {true, true};
  in.arrive_cta = {1, 1};
  t.tick(in);
  EXPECT_EQ(t.eval({}).count[1], 2);
  t.tick(in);  // 4 > max 3: saturates
  EXPECT_EQ(t.eval({}).count[1], 3);
  in.arrive_cta = {1, 2};
  in.release = 1u << 1;  // release wins over the arrival in the same cycle
  t.tick(in);
  EXPECT_EQ(t.eval({}).count[1], 0);
  EXPECT_EQ(t.eval({}).count[2], 1);
  t.reset();
  EXPECT_EQ(t.eval({}).count[2], 0);
}

TEST(CffFetchArbiter, LrrModeIsRoundRobin) {
  CffFetchArbiterParams p;
  p.num_warps = 6;
  p.mode = FetchMode::kLrr;
  CffFetchArbiter a(p);
  CffFetchArbiter::In in;
  in.eligible = 0b101001;
  unsigned got[4];
  for (auto& g : got) {
    g = a.eval(in).grant_warp;
    a.tick(in);
  }
  EXPECT_EQ(got[0], 0u);
  EXPECT_EQ(got[1], 3u);
  EXPECT_EQ(got[2], 5u);
  EXPECT_EQ(got[3], 0u);
}

TEST(CffFetchArbiter, GtoModeFetchesForTheIssuedWarpElseOldest) {
  CffFetchArbiterParams p;
  p.num_warps = 8;
  p.num_cta_slots = 2;
  p.mode = FetchMode::kGto;
  CffFetchArbiter a(p);
  CffFetchArbiter::In in;
  for (unsigned w = 0; w < 8; ++w) in.warp_cta[w] = w < 4 ? 1 : 0;
  in.cta_age[0] = 0;  // slot 0 (warps 4-7) is older
  in.cta_age[1] = 1;
  in.eligible = 0b0110'0110;
  EXPECT_EQ(a.eval(in).grant_warp, 5u);  // no issue yet: oldest
  in.issue_valid[1] = true;
  in.issue_warp[1] = 2;
  a.tick(in);
  in.issue_valid[1] = false;
  EXPECT_EQ(a.eval(in).grant_warp, 2u);  // scheduler 1 issued warp 2: fetch for it
  in.eligible = 0b0110'0010;
  EXPECT_EQ(a.eval(in).grant_warp, 5u);
}

TEST(CffFetchArbiter, MwfModeFollowsTheCriticalCta) {
  CffFetchArbiterParams p;
  p.num_warps = 8;
  p.num_cta_slots = 2;
  p.mode = FetchMode::kMwfGto;
  CffFetchArbiter a(p);
  CffFetchArbiter::In in;
  for (unsigned w = 0; w < 8; ++w) in.warp_cta[w] = w % 2;
  in.eligible = 0xFF;
  in.wpt_count[1] = 3;
  EXPECT_EQ(a.eval(in).grant_warp, 1u);  // slot 1 is critical; its smallest warp
  in.issue_valid[0] = true;
  in.issue_warp[0] = 5;
  a.tick(in);
  in.issue_valid[0] = false;
  EXPECT_EQ(a.eval(in).grant_warp, 5u);  // slot 1 issued 5 last: fetch for it
  in.wpt_count[0] = 3;                   // tie: smaller slot first
  EXPECT_EQ(a.eval(in).grant_warp, 0u);
}

}  // namespace
}  // namespace wf::blocks
