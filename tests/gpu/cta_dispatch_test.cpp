// The CTA dispatch policies `static` and `dyncta` on real workloads: static caps every SM's
// resident CTAs; DYNCTA keeps each SM's n within 1..N, dispatches no SM beyond its n, and its
// pausing neither kills a CTA nor livelocks a kernel whose CTAs wait on each other (spinlock's
// global mutex, held by a CTA that may be paused).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "workloads/workload.h"

namespace wf::gpu {
namespace {

struct Outcome {
  bool passed = false;
  TimingResults results;
};

Outcome run(const std::string& workload, std::uint64_t size, const std::string& dispatch,
            unsigned num_sms, unsigned cta_limit = 0) {
  Machine machine = load_machine("gtx480");
  if (cta_limit) set_machine_param(machine, "cta_limit", std::to_string(cta_limit));
  check_machine(machine);
  sm::TimingConfig c = sm::load_timing_config(machine);
  c.dispatch = dispatch;
  c.num_sms = num_sms;
  c.watchdog_cycles = 200'000;
  c.max_cycles = 20'000'000;
  auto session = std::make_shared<TimingSession>(c);
  RuntimeOptions o;
  o.timing = session;
  Outcome r;
  {
    Runtime runtime(o);
    workloads::WorkloadOptions wo;
    wo.size = size;
    r.passed = workloads::find_workload(workload)->run(runtime, wo).passed;
  }
  r.results = session->results();
  return r;
}

// The most CTAs resident on one SM at once, over a run's kernels.
unsigned max_overlap(const TimingResults& r) {
  unsigned most = 0;
  for (const KernelTiming& k : r.kernels) {
    std::map<std::uint32_t, std::vector<std::pair<std::uint64_t, int>>> events;  // per SM
    for (const sm::CtaRecord& c : k.ctas) {
      events[c.sm].push_back({c.start, +1});
      events[c.sm].push_back({c.end, -1});  // end: the cycle after the CTA's last
    }
    for (auto& [sm, e] : events) {
      std::sort(e.begin(), e.end());  // an end before a start in the same cycle
      int now = 0;
      for (const auto& [cycle, d] : e) {
        now += d;
        most = std::max(most, static_cast<unsigned>(now));
      }
    }
  }
  return most;
}

TEST(CtaDispatch, StaticCapsEverySm) {
  const Outcome capped = run("vecadd", 0, "static", 1, 2);
  EXPECT_TRUE(capped.passed);
  EXPECT_EQ(max_overlap(capped.results), 2u);
  const Outcome full = run("vecadd", 0, "max", 1);
  EXPECT_GT(max_overlap(full.results), 2u);
  EXPECT_TRUE(capped.results.cta_limits.empty());  // no per-SM controllers to report
}

TEST(CtaDispatch, DynctaKeepsNInRangeAndDispatchesWithinIt) {
  const Outcome r = run("kmeans", 20000, "dyncta", 2);
  ASSERT_TRUE(r.passed);
  ASSERT_EQ(r.results.cta_limits.size(), 2u);
  EXPECT_EQ(r.results.cta_limit_period, 2048u);
  unsigned highest = 0;
  for (const auto& s : r.results.cta_limits) {
    ASSERT_FALSE(s.limit_series.empty());
    for (std::size_t i = 0; i < s.limit_series.size(); ++i) {
      EXPECT_GE(s.limit_series[i], 1u);
      EXPECT_LE(s.limit_series[i], 8u);
      highest = std::max<unsigned>(highest, s.limit_series[i]);
    }
    EXPECT_GE(s.avg_limit, 1.0);
    EXPECT_GT(s.idle_cycles + s.mem_cycles, 0u);
  }
  // No SM held more CTAs than its n ever was (n is at most one above its last sample).
  EXPECT_LE(max_overlap(r.results), highest + 1);
}

TEST(CtaDispatch, DynctaPausingLetsCtasThatWaitOnEachOtherFinish) {
  // spinlock's CTAs take a global mutex in turn; on one SM DYNCTA lowers n while they hold
  // and wait for it, pausing CTAs that others spin on.
  const Outcome r = run("spinlock", 0, "dyncta", 1);
  EXPECT_TRUE(r.passed);
  EXPECT_EQ(r.results.status, "ok");
  ASSERT_EQ(r.results.cta_limits.size(), 1u);
  EXPECT_GT(r.results.cta_limits[0].paused_warp_cycles, 0u);
  // The held-back warp-cycles are the state `paused`, out of `ready`; the states still sum to
  // the live warp-cycles.
  const sm::SmStats& sm0 = r.results.sms.at(0);
  EXPECT_EQ(sm0.states[static_cast<unsigned>(sm::WarpState::kPaused)],
            r.results.cta_limits[0].paused_warp_cycles);
  std::uint64_t sum = 0;
  for (const std::uint64_t v : sm0.states) sum += v;
  EXPECT_EQ(sum, sm0.live_warp_cycles);
  const auto& n = r.results.cta_limits[0].limit_series;
  EXPECT_LT(*std::min_element(n.begin(), n.end()), *std::max_element(n.begin(), n.end()));
}

}  // namespace
}  // namespace wf::gpu
