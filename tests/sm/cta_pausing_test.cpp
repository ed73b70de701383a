// DYNCTA's pausing at the issue stage (sim_model/sm/cta_pausing.h): paused warps go only when
// no unpaused warp is ready, and the aging bound lets them go after kAgingCycles cycles held back.
#include "sim_model/sm/cta_pausing.h"

#include <gtest/gtest.h>

namespace wf::sm {
namespace {

TEST(CtaPausing, OffersUnpausedWarpsFirst) {
  CtaPausing p;
  EXPECT_FALSE(p.any());
  p.set(0, 0b1100);  // local warps 2 and 3 paused
  EXPECT_TRUE(p.any());
  EXPECT_EQ(p.offer(0, 0b1111), 0b0011u);
  EXPECT_EQ(p.held_warp_cycles(), 2u);
  EXPECT_EQ(p.offer(0, 0b1100), 0b1100u);  // no unpaused warp ready: the paused ones go
  EXPECT_EQ(p.offer(0, 0b0001), 0b0001u);
  EXPECT_EQ(p.offer(1, 0b1111), 0b1111u);  // another scheduler pauses nothing
  EXPECT_EQ(p.held_warp_cycles(), 2u);
}

TEST(CtaPausing, AgingBoundOffersOnlyPausedWarpsUntilOneIssues) {
  CtaPausing p;
  p.set(0, 0b10);
  for (unsigned c = 0; c < CtaPausing::kAgingCycles; ++c) {
    ASSERT_EQ(p.offer(0, 0b11), 0b01u) << "cycle " << c;
    p.picked(0, 0);
  }
  // Held back kAgingCycles times: now only the paused warp is offered, however long it takes.
  EXPECT_EQ(p.offer(0, 0b11), 0b10u);
  p.picked(0, -1);
  EXPECT_EQ(p.offer(0, 0b11), 0b10u);
  p.picked(0, 1);  // it issued: the unpaused warps go first again
  EXPECT_EQ(p.offer(0, 0b11), 0b01u);
}

TEST(CtaPausing, UnpausingClearsTheAging) {
  CtaPausing p;
  p.set(0, 0b10);
  for (unsigned c = 0; c < CtaPausing::kAgingCycles; ++c) p.offer(0, 0b11);
  p.set(0, 0);
  EXPECT_FALSE(p.any());
  p.set(0, 0b10);
  EXPECT_EQ(p.offer(0, 0b11), 0b01u);
}

}  // namespace
}  // namespace wf::sm
