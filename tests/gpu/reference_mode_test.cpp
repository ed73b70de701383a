// The cycle model's skips against its reference mode (TimingConfig::reference: no SM sleeps,
// no stage or memory component skips a cycle, every live warp is classified afresh and the
// stages' cached inputs are refreshed every cycle), for every workload under every registered
// issue/fetch policy pair at its test size: the statistics JSON must be byte-identical. A skip
// is exact only if every change that could end it sends its notification (docs/cycle-model.md);
// a forgotten one makes the normal run drift from this one.
//
// The one field allowed to differ is sms[].skipped_cycles, the cycles an SM slept through:
// the reference run never sleeps, so it must report 0 there, and the normal run's counts are
// set to 0 before its JSON is written. Every other field, busy_cycles included (a slept cycle
// counts as busy), must match as it is.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "tests/policy_pairs.h"
#include "workloads/workload.h"

namespace wf::gpu {
namespace {

struct Outcome {
  std::string json;  // with sms[].skipped_cycles set to 0
  std::uint64_t skipped = 0;
  std::uint64_t digest = 0;
};

Outcome run(const workloads::Workload& w, const std::string& issue, const std::string& fetch,
            bool reference) {
  sm::TimingConfig c = sm::load_timing_config(load_machine("gtx480"));
  c.issue = issue;
  c.fetch = fetch;
  c.reference = reference;
  // One SM, as the replay rung runs them: the test sizes still fill it with CTAs, and the
  // reference mode's cost stays within the test budget. A grid that must be resident at once
  // keeps the machine.
  if (!w.persistent_grid) c.num_sms = 1;
  auto session = std::make_shared<TimingSession>(c);
  RuntimeOptions o;
  o.timing = session;
  Outcome out;
  bool passed = false;
  {
    Runtime runtime(o);
    workloads::WorkloadOptions wo;
    wo.size = w.test_size;
    passed = w.run(runtime, wo).passed;
    out.digest = runtime.memory_digest();
  }
  EXPECT_TRUE(passed) << issue << "/" << fetch << (reference ? " (reference)" : "");
  for (sm::SmStats& s : session->results().sms) {
    out.skipped += s.skipped_cycles;
    s.skipped_cycles = 0;
  }
  out.json = timing_report_json(*session, RunLabel{w.name, passed});
  return out;
}

class ReferenceMode : public ::testing::TestWithParam<std::string> {};

TEST_P(ReferenceMode, StatsEqualTheNormalRunUnderEveryPolicyPair) {
  const workloads::Workload* w = workloads::find_workload(GetParam());
  ASSERT_NE(w, nullptr);
  for (const auto& [issue, fetch] : wf::test_support::registered_policy_pairs()) {
    SCOPED_TRACE(issue + "/" + fetch);
    const Outcome normal = run(*w, issue, fetch, false);
    const Outcome reference = run(*w, issue, fetch, true);
    EXPECT_EQ(reference.skipped, 0u) << "an SM slept in reference mode";
    EXPECT_EQ(normal.digest, reference.digest);
    // Compared whole rather than field by field: the first differing line shows in the diff,
    // and a field added to the report later is covered without editing this test.
    EXPECT_EQ(normal.json, reference.json);
  }
}

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const auto* w : workloads::all_workloads()) out.push_back(w->name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(All, ReferenceMode, ::testing::ValuesIn(names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace wf::gpu
