// Warp-phases and RTRU (BAWS eq. 1) on hand-made event sequences, then on a real kernel: the
// timeline's slices must tile every recorded warp's life without gaps.
#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "sim_model/sm/warp_phases.h"
#include "workloads/workload.h"

namespace wf::sm {
namespace {

TEST(WarpPhases, RtruOfOnePhaseFollowsEquationOne) {
  WarpPhaseTotals totals;
  WarpPhases p(2, totals);
  p.cta_start(1, {4, 5, 6, 7}, 100, 0, 9, 0, true);
  p.arrive(1, 4, 110);  // T = 10
  p.arrive(1, 5, 120);  // T = 20
  p.arrive(1, 6, 140);  // T = 40
  p.arrive(1, 7, 140);  // T = 40, the last arrival releases
  p.release(1, 140);
  // (30 + 20 + 0 + 0) / (4 * 40)
  EXPECT_EQ(totals.phases, 1u);
  EXPECT_DOUBLE_EQ(totals.rtru_sum, 50.0 / 160.0);
  ASSERT_EQ(p.slices().size(), 4u);
  EXPECT_EQ(p.slices()[0].start, 100u);
  EXPECT_EQ(p.slices()[0].arrive, 110u);
  EXPECT_EQ(p.slices()[0].end, 140u);
}

TEST(WarpPhases, ExitedWarpsLeaveLaterPhases) {
  WarpPhaseTotals totals;
  WarpPhases p(1, totals);
  p.cta_start(0, {0, 1}, 0, 0, 0, 0, false);
  p.exit(0, 0, 5);     // warp 0 exits early: it counts as arrived at the barrier
  p.arrive(0, 1, 10);  // warp 1 arrives, the barrier releases
  p.release(0, 10);    // phase 0: T = 5 and 10 -> RTRU 5 / 20
  p.exit(0, 1, 30);    // phase 1 has warp 1 alone: RTRU 0
  p.cta_end(0, 31);
  EXPECT_EQ(totals.phases, 2u);
  EXPECT_DOUBLE_EQ(totals.rtru_sum, 0.25);
  EXPECT_TRUE(p.slices().empty());  // not recorded
}

TEST(WarpPhases, TimelineSlicesTileEachWarpsLife) {
  TimingConfig c = load_timing_config(load_machine("gtx480"));
  c.timeline_sm = 0;
  c.timeline_first_cta = 0;
  c.timeline_last_cta = 1;
  auto session = std::make_shared<gpu::TimingSession>(c);
  gpu::RuntimeOptions o;
  o.timing = session;
  gpu::Runtime runtime(o);
  const workloads::Workload* w = workloads::find_workload("matmul");
  ASSERT_NE(w, nullptr);
  workloads::WorkloadOptions wo;
  wo.size = w->test_size;
  ASSERT_TRUE(w->run(runtime, wo).passed);
  const auto& slices = session->results().timeline;
  ASSERT_FALSE(slices.empty());
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> last_end;  // (cta, warp)
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> release;   // (cta, phase)
  for (const auto& s : slices) {
    EXPECT_EQ(s.sm, 0u);
    EXPECT_LE(s.cta_on_sm, 1u);
    EXPECT_LE(s.start, s.arrive);
    EXPECT_LE(s.arrive, s.end);
    const auto key = std::make_pair(s.cta, s.warp_in_cta);
    if (last_end.count(key)) {
      EXPECT_EQ(s.start, last_end[key]) << "gap before phase " << s.phase;
    }
    last_end[key] = s.end;
    // Every warp of a phase is released at the same cycle.
    const auto [it, fresh] = release.emplace(std::make_pair(s.cta, s.phase), s.end);
    if (!fresh && !s.exit) {
      EXPECT_EQ(it->second, s.end);
    }
  }
  // matmul's CTAs meet two barriers per tile step; phases beyond the first must exist.
  EXPECT_GT(release.size(), 4u);
}

}  // namespace
}  // namespace wf::sm
