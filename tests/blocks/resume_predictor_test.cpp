// Golden model of AWG's resume predictor, against sequences worked out by hand from the rule
// in sim_model/blocks/resume_predictor.h: all iff more than one waiter and more than two unique
// updates; a resume-one guess that leaves waiters arms a timer (deadline now + timeout), which
// shows until taken; no free timer: resume all.
#include <gtest/gtest.h>

#include "sim_model/blocks/resume_predictor.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {
namespace {

using RIn = ResumePredictor::In;
using ROut = ResumePredictor::Out;

ResumePredictorParams small() {
  ResumePredictorParams p;
  p.cache_sets = 2;
  p.cache_ways = 2;
  p.wg_entries = 4;
  p.resume_timeout = 2;  // time_bits 3: the count wraps every 8 cycles
  p.resume_timers = 2;
  return p;
}

RIn met(std::uint32_t cond, std::uint32_t waiters, std::uint32_t unique, std::uint32_t now) {
  RIn in;
  in.met_valid = true;
  in.met_cond = cond;
  in.met_waiters = waiters;
  in.met_unique = unique;
  in.now = now;
  return in;
}
RIn at(std::uint32_t now) {
  RIn in;
  in.now = now;
  return in;
}

// One clock edge; returns the outputs of the cycle before it.
ROut step(ResumePredictor& r, const RIn& in) {
  const ROut o = r.eval(in);
  r.tick(in);
  return o;
}

TEST(ResumePredictor, PaperPresetAndWidths) {
  const ResumePredictorParams p;
  EXPECT_EQ(p.cond_bits(), 10u);    // 1024 conditions
  EXPECT_EQ(p.waiter_bits(), 10u);  // 0..512 waiters
  EXPECT_EQ(p.time_bits(), 12u);    // 2000 < 2^11
  EXPECT_EQ(p.timer_bits(), 16u * (1 + 10 + 12));
  EXPECT_EQ(small().time_bits(), 3u);
  ResumePredictorParams edge = small();
  edge.resume_timeout = 3;  // the largest below 2^(time_bits-1) for 3 bits
  EXPECT_EQ(edge.time_bits(), 3u);
  edge.resume_timeout = 4;
  EXPECT_EQ(edge.time_bits(), 4u);
}

TEST(ResumePredictor, NoConfigurationWithoutSyncmon) {
  Machine m = load_machine("gtx480");
  EXPECT_TRUE(ResumePredictorParams::for_machine(m).empty());
  const auto awg = ResumePredictorParams::for_machine(load_machine("awg-apu"));
  ASSERT_EQ(awg.size(), 1u);
  EXPECT_EQ(awg[0].cache_sets, 256u);
  EXPECT_EQ(awg[0].cache_ways, 4u);
  EXPECT_EQ(awg[0].wg_entries, 512u);
  EXPECT_EQ(awg[0].resume_timeout, 2000u);
  EXPECT_EQ(awg[0].resume_timers, 16u);
  EXPECT_EQ(awg[0].validate(), "");
}

TEST(ResumePredictor, TheRule) {
  ResumePredictor r(small());
  // One waiter: resume one, whatever the updates; no timer (nothing left to repair).
  EXPECT_FALSE(step(r, met(0, 1, 3, 0)).resume_all);
  EXPECT_FALSE(step(r, met(0, 0, 3, 0)).resume_all);
  EXPECT_EQ(r.armed(), 0u);
  // Several waiters, more than two unique updates: all, no timer.
  EXPECT_TRUE(step(r, met(1, 2, 3, 0)).resume_all);
  EXPECT_TRUE(step(r, met(1, 4, 3, 0)).resume_all);
  EXPECT_EQ(r.armed(), 0u);
  // Several waiters, at most two: one, and a timer for the rest.
  EXPECT_FALSE(step(r, met(2, 2, 2, 0)).resume_all);
  EXPECT_EQ(r.armed(), 1u);
  EXPECT_FALSE(step(r, met(3, 3, 0, 0)).resume_all);
  EXPECT_EQ(r.armed(), 2u);
  // Outputs only with an event.
  EXPECT_EQ(r.eval(at(0)), ROut{});
}

TEST(ResumePredictor, EveryTimerBusyResumesAllInstead) {
  ResumePredictor r(small());
  step(r, met(0, 2, 1, 0));
  step(r, met(1, 2, 1, 0));
  EXPECT_TRUE(step(r, met(2, 2, 1, 0)).resume_all);  // no slot: all
  EXPECT_EQ(r.armed(), 2u);
  EXPECT_FALSE(step(r, met(1, 2, 1, 0)).resume_all);  // a re-arm needs no new slot
  // A cancel frees a slot in the same cycle as the guess that takes it.
  RIn in = met(2, 2, 1, 0);
  in.cancel_valid = true;
  in.cancel_cond = 0;
  EXPECT_FALSE(step(r, in).resume_all);
  EXPECT_EQ(r.slot(0).cond, 2u);
  EXPECT_TRUE(r.slot(0).valid);
}

TEST(ResumePredictor, ATimerShowsFromItsDeadlineUntilTaken) {
  ResumePredictor r(small());
  step(r, met(3, 2, 0, 5));  // deadline 7
  EXPECT_EQ(r.slot(0).deadline, 7u);
  EXPECT_FALSE(step(r, at(6)).timeout_valid);
  for (std::uint32_t now : {7u, 0u, 1u, 2u}) {  // 2^(3-1) = 4 cycles from the deadline
    const ROut o = r.eval(at(now));
    EXPECT_TRUE(o.timeout_valid) << now;
    EXPECT_EQ(o.timeout_cond, 3u) << now;
  }
  // Idle input keeps the state: the outputs are the state's and the time's.
  EXPECT_EQ(r.armed(), 1u);
  RIn ack = at(1);
  ack.timeout_ack = true;
  EXPECT_TRUE(step(r, ack).timeout_valid);
  EXPECT_EQ(r.armed(), 0u);
  EXPECT_FALSE(r.eval(at(1)).timeout_valid);
}

TEST(ResumePredictor, DeadlinesWrapAndCompareModuloTheCount) {
  ResumePredictor r(small());
  step(r, met(1, 3, 2, 7));  // deadline (7 + 2) mod 8 = 1: numerically below now
  EXPECT_EQ(r.slot(0).deadline, 1u);
  EXPECT_FALSE(r.eval(at(7)).timeout_valid);
  EXPECT_FALSE(r.eval(at(0)).timeout_valid);
  EXPECT_TRUE(r.eval(at(1)).timeout_valid);
}

TEST(ResumePredictor, TheLowestExpiredShowsAndAnAckTakesIt) {
  ResumePredictor r(small());
  step(r, met(2, 2, 0, 0));                   // slot 0, deadline 2
  step(r, met(1, 2, 0, 1));                   // slot 1, deadline 3
  EXPECT_EQ(r.eval(at(3)).timeout_cond, 2u);  // both expired: slot 0 shows
  RIn ack = at(3);
  ack.timeout_ack = true;
  step(r, ack);
  EXPECT_EQ(r.eval(at(3)).timeout_cond, 1u);
  EXPECT_FALSE(r.slot(0).valid);
  // An ack with nothing shown is ignored.
  RIn early = at(2);
  early.timeout_ack = true;
  ResumePredictor q(small());
  step(q, met(0, 2, 0, 0));
  step(q, early);  // deadline 2 has come: taken
  EXPECT_EQ(q.armed(), 0u);
  step(q, met(0, 2, 0, 4));
  RIn none = at(5);
  none.timeout_ack = true;
  step(q, none);
  EXPECT_EQ(q.armed(), 1u);
}

TEST(ResumePredictor, ReArmMovesTheDeadlineAndAResumeAllFreesTheSlot) {
  ResumePredictor r(small());
  step(r, met(0, 3, 1, 0));  // deadline 2
  step(r, met(0, 2, 1, 2));  // a different update met it: deadline 4, the same slot
  EXPECT_EQ(r.armed(), 1u);
  EXPECT_EQ(r.slot(0).deadline, 4u);
  EXPECT_FALSE(r.eval(at(3)).timeout_valid);
  step(r, met(0, 2, 3, 3));  // now more than two unique updates: all, no timer left
  EXPECT_EQ(r.armed(), 0u);
  step(r, met(1, 2, 1, 3));
  step(r, met(1, 1, 1, 4));  // the last waiter resumes: the slot is freed
  EXPECT_EQ(r.armed(), 0u);
}

TEST(ResumePredictor, CancelFreesTheConditionsSlotOnly) {
  ResumePredictor r(small());
  step(r, met(0, 2, 0, 0));
  step(r, met(3, 2, 0, 0));
  RIn c = at(1);
  c.cancel_valid = true;
  c.cancel_cond = 3;
  step(r, c);
  EXPECT_TRUE(r.slot(0).valid);
  EXPECT_FALSE(r.slot(1).valid);
  c.cancel_cond = 2;  // no slot: nothing
  step(r, c);
  EXPECT_EQ(r.armed(), 1u);
}

TEST(ResumePredictor, ResetFreesEveryTimer) {
  ResumePredictor r(small());
  step(r, met(0, 2, 0, 0));
  step(r, met(1, 2, 0, 0));
  r.reset();
  EXPECT_EQ(r.armed(), 0u);
  EXPECT_FALSE(r.eval(at(2)).timeout_valid);
}

}  // namespace
}  // namespace wf::blocks
