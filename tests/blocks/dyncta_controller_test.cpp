// Golden model of DYNCTA's CTA-limit controller, against sequences worked out by hand from
// Algorithm 1 of Kayiran et al. (PACT 2013).
#include <gtest/gtest.h>

#include "sim_model/blocks/dyncta_controller.h"

namespace wf::blocks {
namespace {

using DynctaIn = DynctaController::In;

// A period of 8 cycles; C_idle >= 2 raises, C_mem < 2 raises, C_mem >= 6 lowers.
DynctaControllerParams small(unsigned n) {
  DynctaControllerParams p;
  p.num_cta_slots = n;
  p.counter_bits = 3;
  p.period = 8;
  p.t_idle = 2;
  p.t_mem_low = 2;
  p.t_mem_high = 6;
  return p;
}

// One period with `idle` idle cycles and `mem` mem cycles, the idle ones first; returns n after
// its end.
unsigned period(DynctaController& c, unsigned idle, unsigned mem) {
  for (unsigned k = 0; k < c.params().period; ++k) {
    const unsigned before = c.eval({}).limit;
    c.tick(DynctaIn{k < idle, k < mem});
    if (k + 1 < c.params().period) {
      EXPECT_EQ(c.eval({}).limit, before) << "mid-period move";
    }
  }
  return c.eval({}).limit;
}

TEST(DynctaController, StartsAtHalfTheSlotsAndAtLeastOne) {
  EXPECT_EQ(DynctaController(small(8)).eval({}).limit, 4);
  EXPECT_EQ(DynctaController(small(5)).eval({}).limit, 2);
  EXPECT_EQ(DynctaController(small(1)).eval({}).limit, 1);
}

TEST(DynctaController, Gtx480Defaults) {
  const DynctaControllerParams p;
  EXPECT_EQ(p.num_cta_slots, 8u);
  EXPECT_EQ(p.period, 2048u);
  EXPECT_EQ(p.counter_bits, 11u);
  EXPECT_EQ(p.validate(), "");
  EXPECT_EQ(p.limit_bits(), 4u);
}

TEST(DynctaController, FollowsTheRulesInOrder) {
  DynctaController c(small(4));    // n = 2
  EXPECT_EQ(period(c, 2, 8), 3u);  // C_idle = 2 >= t_idle: raise, whatever C_mem
  EXPECT_EQ(period(c, 1, 1), 4u);  // C_idle low, C_mem = 1 < 2: raise
  EXPECT_EQ(period(c, 0, 0), 4u);  // would raise past N: stays
  EXPECT_EQ(period(c, 1, 6), 3u);  // C_mem = 6 >= 6: lower
  EXPECT_EQ(period(c, 0, 5), 3u);  // 2 <= C_mem = 5 < 6: keep
  EXPECT_EQ(period(c, 0, 2), 3u);  // C_mem = 2 is not below t_mem_low: keep
  EXPECT_EQ(period(c, 1, 8), 2u);
  EXPECT_EQ(period(c, 0, 7), 1u);
  EXPECT_EQ(period(c, 0, 8), 1u);  // would lower below 1: stays
}

TEST(DynctaController, ThePeriodsLastCycleCounts) {
  DynctaController c(small(4));
  for (unsigned k = 0; k < 7; ++k) c.tick(DynctaIn{false, true});
  EXPECT_EQ(c.mem_count(), 7u);
  EXPECT_EQ(c.phase(), 7u);
  EXPECT_EQ(c.decision(DynctaIn{true, false}), DynctaController::Decision::kLower);
  c.tick(DynctaIn{true, true});  // C_idle = 1, C_mem = 8: lower
  EXPECT_EQ(c.eval({}).limit, 1);
  EXPECT_EQ(c.phase(), 0u);
  EXPECT_EQ(c.mem_count(), 0u);
  EXPECT_EQ(c.idle_count(), 0u);
}

TEST(DynctaController, IdleInputOnlyAdvancesThePeriod) {
  DynctaController c(small(4));
  // No idle and no mem cycle in a whole period: C_mem = 0 < t_mem_low raises n.
  EXPECT_EQ(period(c, 0, 0), 3u);
}

TEST(DynctaController, ResetRestartsThePeriod) {
  DynctaController c(small(4));
  for (unsigned k = 0; k < 5; ++k) c.tick(DynctaIn{true, true});
  c.reset();
  EXPECT_EQ(c.phase(), 0u);
  EXPECT_EQ(c.idle_count(), 0u);
  EXPECT_EQ(period(c, 0, 6), 1u);  // a full period from the reset: lower from 2
}

TEST(DynctaController, ALaunchSetsNAndStartsAtHalfOfIt) {
  DynctaController c(small(8));  // N = 8, n = 4
  for (unsigned k = 0; k < 5; ++k) c.tick(DynctaIn{true, true});
  c.tick(DynctaIn{false, false, true, 3});  // a kernel with 3 CTAs per SM
  EXPECT_EQ(c.max_limit(), 3u);
  EXPECT_EQ(c.eval({}).limit, 1);  // max(1, 3 / 2)
  EXPECT_EQ(c.phase(), 0u);
  EXPECT_EQ(c.idle_count(), 0u);
  EXPECT_EQ(period(c, 2, 0), 2u);
  EXPECT_EQ(period(c, 2, 0), 3u);
  EXPECT_EQ(period(c, 2, 0), 3u);  // would raise past the launch's N: stays
  c.tick(DynctaIn{false, false, true, 7});
  EXPECT_EQ(c.eval({}).limit, 3);  // 7 / 2
}

TEST(DynctaController, ALaunchClampsNToTheSlots) {
  DynctaController c(small(5));
  c.tick(DynctaIn{false, false, true, 0});
  EXPECT_EQ(c.max_limit(), 1u);
  EXPECT_EQ(c.eval({}).limit, 1);
  c.tick(DynctaIn{false, false, true, 7});
  EXPECT_EQ(c.max_limit(), 5u);
  EXPECT_EQ(c.eval({}).limit, 2);
}

TEST(DynctaController, RefusesAPeriodItsCountersCannotHold) {
  DynctaControllerParams p;
  p.period = 4096;  // 11-bit counters hold at most 2047 + the last cycle
  EXPECT_NE(p.validate(), "");
  p.counter_bits = 12;
  EXPECT_EQ(p.validate(), "");
  p.t_mem_low = 500;  // above t_mem_high
  EXPECT_NE(p.validate(), "");
}

}  // namespace
}  // namespace wf::blocks
