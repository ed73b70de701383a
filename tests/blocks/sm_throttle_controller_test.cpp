// Golden model of BLOCKLAT's SM-throttling controller, against sequences worked out by hand
// from Algorithm 2 of the BLOCKLAT paper.
#include <gtest/gtest.h>

#include "sim_model/blocks/sm_throttle_controller.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {
namespace {

using ThrottleIn = SmThrottleController::In;
using D = SmThrottleController::Decision;

SmThrottleControllerParams params(unsigned num_sms, unsigned count_bits = 4) {
  SmThrottleControllerParams p;
  p.num_sms = num_sms;
  p.count_bits = count_bits;
  return p;
}

// A round's end with these counts; returns n after it.
unsigned round(SmThrottleController& c, std::uint32_t dram_full, std::uint32_t icnt_stall) {
  c.tick(ThrottleIn{true, dram_full, icnt_stall});
  return c.eval({}).enabled;
}

TEST(SmThrottleController, StartsWithEverySmAndNoContention) {
  const SmThrottleController c(params(15));
  EXPECT_EQ(c.eval({}).enabled, 15);
  EXPECT_EQ(c.last_contention(), 0u);
}

TEST(SmThrottleController, Gtx480Defaults) {
  const SmThrottleControllerParams p;
  EXPECT_EQ(p.num_sms, 15u);
  EXPECT_EQ(p.count_bits, 16u);
  EXPECT_EQ(p.enabled_bits(), 4u);
  EXPECT_EQ(p.contention_bits(), 17u);
  const auto m = SmThrottleControllerParams::for_machine(load_machine("gtx480"));
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].num_sms, 15u);
}

TEST(SmThrottleController, AMachineOfOneOrTwoSmsGetsAControllerOfFour) {
  // lwm-core has one SM: n of a four-SM controller stays >= 2, so min(n, 1) enables it always.
  const auto m = SmThrottleControllerParams::for_machine(load_machine("lwm-core"));
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].num_sms, 4u);
}

TEST(SmThrottleController, FollowsTheRulesInOrder) {
  SmThrottleController c(params(4));  // n = 4, last = 0
  EXPECT_EQ(round(c, 3, 2), 3u);      // 5 > 0: lower
  EXPECT_EQ(round(c, 0, 6), 2u);      // 6 > 5: lower
  EXPECT_EQ(round(c, 7, 0), 2u);      // 7 > 6, but n = 2: stays
  EXPECT_EQ(round(c, 4, 3), 2u);      // 7 = 7: stays
  EXPECT_EQ(round(c, 1, 5), 3u);      // 6 < 7: raise
  EXPECT_EQ(round(c, 0, 0), 4u);      // 0 < 6: raise
  EXPECT_EQ(c.last_contention(), 0u);
  EXPECT_EQ(round(c, 1, 0), 3u);  // 1 > 0: lower
  EXPECT_EQ(round(c, 0, 0), 4u);  // 0 < 1: raise
  EXPECT_EQ(round(c, 1, 1), 3u);
  EXPECT_EQ(round(c, 1, 0), 4u);  // 1 < 2: raise
  EXPECT_EQ(round(c, 0, 0), 4u);  // 0 < 1, but n = num_sms: stays
}

TEST(SmThrottleController, ComparesTheSumOfBothCounts) {
  SmThrottleController c(params(8));
  EXPECT_EQ(round(c, 10, 0), 7u);
  EXPECT_EQ(round(c, 0, 10), 7u);  // the same sum from the other count: equal, stays
  EXPECT_EQ(round(c, 5, 6), 6u);   // 11 > 10
  EXPECT_EQ(round(c, 6, 4), 7u);   // 10 < 11
}

TEST(SmThrottleController, TheSumIsOneBitWiderThanTheCounts) {
  SmThrottleController c(params(8, 4));
  EXPECT_EQ(round(c, 15, 15), 7u);
  EXPECT_EQ(c.last_contention(), 30u);  // not 30 mod 16
  EXPECT_EQ(round(c, 15, 14), 8u);      // 29 < 30
  // Bits above count_bits are not part of the port.
  EXPECT_EQ(c.contention(ThrottleIn{true, 16 + 3, 32 + 4}), 7u);
}

TEST(SmThrottleController, NothingChangesWithoutARoundsEnd) {
  SmThrottleController c(params(8));
  EXPECT_EQ(round(c, 3, 3), 7u);
  for (std::uint32_t k = 0; k < 16; ++k) {
    EXPECT_EQ(c.decision(ThrottleIn{false, k, 15 - k}), D::kNone);
    c.tick(ThrottleIn{false, k, 15 - k});
  }
  EXPECT_EQ(c.eval({}).enabled, 7u);
  EXPECT_EQ(c.last_contention(), 6u);
  EXPECT_EQ(round(c, 3, 2), 8u);  // still compared with the last round's 6
}

TEST(SmThrottleController, AtMostTwoSmsNeverDrop) {
  for (unsigned n : {1u, 2u}) {
    SmThrottleController c(params(n));
    for (std::uint32_t k = 1; k <= 10; ++k) {
      EXPECT_EQ(round(c, k, 0), n);  // ever higher
      EXPECT_EQ(c.last_contention(), k);
    }
    EXPECT_EQ(round(c, 0, 0), n);  // lower, already at num_sms
  }
}

TEST(SmThrottleController, NeverBelowTwo) {
  SmThrottleController c(params(15, 8));
  for (std::uint32_t k = 1; k <= 40; ++k) round(c, k, k);
  EXPECT_EQ(c.eval({}).enabled, 2u);
  EXPECT_EQ(c.decision(ThrottleIn{true, 41, 41}), D::kKeep);
  EXPECT_EQ(c.decision(ThrottleIn{true, 40, 39}), D::kRaise);
}

TEST(SmThrottleController, ResetForgetsTheLastRound) {
  SmThrottleController c(params(6));
  EXPECT_EQ(round(c, 9, 9), 5u);
  c.reset();
  EXPECT_EQ(c.eval({}).enabled, 6u);
  EXPECT_EQ(c.last_contention(), 0u);
  EXPECT_EQ(round(c, 1, 0), 5u);  // 1 > 0, not 1 < 18
}

}  // namespace
}  // namespace wf::blocks
