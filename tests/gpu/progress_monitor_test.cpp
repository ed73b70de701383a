// The livelock monitor on its own: when it checks, when it watches PCs, when it reports, and
// the likely cause a report computes from its CTA counts.
#include <gtest/gtest.h>

#include <cstdint>

#include "sim_model/gpu/livelock_report.h"
#include "sim_model/gpu/progress_monitor.h"

namespace wf::gpu {
namespace {

using Verdict = ProgressMonitor::Verdict;

// Advances one unit at a time from `now`, checking whenever a check is due, with no progress,
// until the verdict is `until`; returns the time of that check and counts the checks.
std::uint64_t run_until(ProgressMonitor& m, std::uint64_t now, Verdict until, unsigned& checks) {
  for (;; ++now) {
    if (now < m.next_check()) continue;
    ++checks;
    if (m.check(now, false) == until) return now;
  }
}

TEST(ProgressMonitor, ReportsAfterAWindowWithoutProgress) {
  ProgressMonitor m(6400, 1000);  // checks every 100, watches the last 800
  EXPECT_EQ(m.next_check(), 1100u);
  unsigned checks = 0;
  EXPECT_EQ(run_until(m, 1000, Verdict::kStartObserving, checks), 1000u + 5600);
  EXPECT_EQ(checks, 56u);
  EXPECT_TRUE(m.observing());
  EXPECT_EQ(m.next_check(), 6601u);  // every unit while watching
  checks = 0;
  EXPECT_EQ(run_until(m, 6601, Verdict::kLivelock, checks), 1000u + 6400);
  EXPECT_EQ(checks, 800u);
}

TEST(ProgressMonitor, ProgressRestartsTheWindowAndStopsWatching) {
  ProgressMonitor m(6400, 0);
  unsigned checks = 0;
  const std::uint64_t t = run_until(m, 0, Verdict::kObserving, checks);
  EXPECT_EQ(m.check(t + 1, true), Verdict::kQuiet);
  EXPECT_FALSE(m.observing());
  EXPECT_EQ(m.last_progress(), t + 1);
  EXPECT_EQ(m.next_check(), t + 101);
  EXPECT_EQ(run_until(m, t + 101, Verdict::kLivelock, checks), t + 1 + 6400);
  // The stretch from the start to the progress, then the one that ended in the report.
  EXPECT_EQ(m.longest_quiet(), 6400u);
}

TEST(ProgressMonitor, LongestQuietIsTheLongestStretchBetweenProgress) {
  ProgressMonitor m(64000, 0);  // checks every 1000
  std::uint64_t now = 0;
  for (std::uint64_t gap : {3000, 9000, 2000}) {
    const std::uint64_t progress_at = now + gap;
    for (; now < progress_at; ++now)
      if (now >= m.next_check()) {
        EXPECT_EQ(m.check(now, false), Verdict::kQuiet);
      }
    EXPECT_GE(m.next_check(), now);
    now = m.next_check();  // the progress is seen at the next check
    EXPECT_EQ(m.check(now, true), Verdict::kQuiet);
  }
  EXPECT_EQ(m.longest_quiet(), 9000u);
}

TEST(ProgressMonitor, WindowZeroNeverChecks) {
  ProgressMonitor m(0, 5);
  EXPECT_EQ(m.next_check(), ProgressMonitor::kNever);
  EXPECT_EQ(m.check(1'000'000'000, false), Verdict::kQuiet);
}

TEST(ProgressMonitor, TinyWindowsStillReport) {
  ProgressMonitor m(1, 0);
  EXPECT_EQ(m.next_check(), 1u);
  EXPECT_EQ(m.check(1, false), Verdict::kLivelock);
}

TEST(LivelockReport, CauseWithCtasWaitingForASlot) {
  LivelockReport r;
  r.ctas_launched = 128;
  r.ctas_resident = 120;
  r.ctas_waiting = 8;
  EXPECT_EQ(r.cause(),
            "128 CTAs launched, 120 resident, 8 waiting for a slot: a grid-wide barrier or lock "
            "cannot finish");
  r.ctas_finished = 3;
  r.ctas_resident = 117;
  EXPECT_EQ(r.cause(),
            "128 CTAs launched, 3 finished, 117 resident, 8 waiting for a slot: a grid-wide "
            "barrier or lock cannot finish");
}

TEST(LivelockReport, CauseWithEveryCtaResident) {
  LivelockReport r;
  r.ctas_launched = 64;
  r.ctas_finished = 60;
  r.ctas_resident = 4;
  EXPECT_EQ(r.cause(),
            "64 CTAs launched, 60 finished, 4 resident and spinning, none waiting for a slot: a "
            "lock or flag no thread will release");
}

TEST(LivelockReport, DetailsAreTheDumpAndTheCause) {
  LivelockReport r;
  r.ctas_launched = 2;
  r.ctas_resident = 2;
  r.warp_dump = "  cta 0 warp  0: pc 3 (bra $L;), barrier -1, spin pcs 1..3\n";
  EXPECT_EQ(r.details(), r.warp_dump + "  likely cause: " + r.cause() + "\n");
}

TEST(LivelockReport, MessageNamesKernelWindowAndUnit) {
  LivelockReport r;
  r.kernel = "k";
  r.unit = "cycles";
  r.window = 1000;
  r.at = 2345;
  EXPECT_EQ(r.message(),
            "kernel 'k' livelocked: no CTA finished and no store changed memory for 1000 cycles "
            "(at cycle 2345)");
  r.unit = "warp instructions";
  EXPECT_EQ(r.message(),
            "kernel 'k' livelocked: no CTA finished and no store changed memory for 1000 warp "
            "instructions (after 2345 warp instructions)");
}

}  // namespace
}  // namespace wf::gpu
