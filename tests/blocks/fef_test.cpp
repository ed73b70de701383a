// Golden model of the fewest-entries-first fetch arbiter against hand-derived sequences.
#include <gtest/gtest.h>

#include <vector>

#include "sim_model/blocks/fef_fetch_arbiter.h"

namespace wf::blocks {
namespace {

TEST(FefFetchArbiter, FewestEntriesFirst) {
  FefFetchArbiter a(FefFetchArbiterParams{8, 2});
  FefFetchArbiter::In in;
  in.entries = {2, 1, 1, 0, 2, 0, 1, 0};
  in.eligible = 0b0110'0110;  // warps 1, 2, 5, 6: warp 5 alone holds 0 entries
  EXPECT_EQ(a.eval(in).grant_warp, 5u);
  in.eligible = 0b0100'0110;  // 1, 2, 6 all hold 1: round robin from warp 0 (after reset)
  EXPECT_EQ(a.eval(in).grant_warp, 1u);
  // An ineligible warp's count does not matter, however small.
  in.eligible = 0b0000'0001;
  EXPECT_EQ(a.eval(in).grant_warp, 0u);
  EXPECT_EQ(a.eval(in).grant, 1u);
}

TEST(FefFetchArbiter, TiesRoundRobinAfterTheWarpFetchedLast) {
  FefFetchArbiter a(FefFetchArbiterParams{6, 2});
  FefFetchArbiter::In in;
  in.entries = {1, 1, 0, 1, 1, 1};
  in.eligible = 0b11'1111;
  std::vector<unsigned> got;
  for (int i = 0; i < 4; ++i) {
    got.push_back(a.eval(in).grant_warp);
    a.tick(in);
    in.entries[got.back()] = 1;  // the fetched warp now holds one entry
  }
  // 2 (the only empty one), then the ties among all-ones after warp 2: 3, 4, 5.
  EXPECT_EQ(got, (std::vector<unsigned>{2, 3, 4, 5}));
  in.entries[1] = 0;
  EXPECT_EQ(a.eval(in).grant_warp, 1u);  // fewest beats the round robin position
  in.entries[1] = 1;
  EXPECT_EQ(a.eval(in).grant_warp, 0u);  // wraps past warp 5 to 0
}

TEST(FefFetchArbiter, NoGrantWithoutEligibleWarpAndStateKept) {
  FefFetchArbiter a(FefFetchArbiterParams{4, 1});
  FefFetchArbiter::In in;
  in.eligible = 0b0100;
  a.tick(in);  // fetched warp 2
  in.eligible = 0;
  EXPECT_FALSE(a.eval(in).grant_valid);
  EXPECT_EQ(a.eval(in).grant, 0u);
  a.tick(in);
  in.eligible = 0b1111;
  EXPECT_EQ(a.eval(in).grant_warp, 3u);  // still after warp 2
  a.reset();
  EXPECT_EQ(a.eval(in).grant_warp, 0u);
}

TEST(FefFetchArbiter, EntryCountWidthFollowsTheDepth) {
  EXPECT_EQ((FefFetchArbiterParams{48, 2}.entry_bits()), 2u);
  EXPECT_EQ((FefFetchArbiterParams{48, 1}.entry_bits()), 1u);
  EXPECT_EQ((FefFetchArbiterParams{48, 4}.entry_bits()), 3u);
}

}  // namespace
}  // namespace wf::blocks
