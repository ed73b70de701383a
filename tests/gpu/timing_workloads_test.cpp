// Every workload on the cycle model under every issue/fetch policy pair: its CPU check passes,
// nothing deadlocks, the warp states add up, device memory ends exactly as in functional mode,
// and identical runs give byte-identical statistics.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"
#include "tests/policy_pairs.h"
#include "workloads/workload.h"

namespace wf::gpu {
namespace {

struct Outcome {
  workloads::RunResult result;
  std::uint64_t digest = 0;
  std::shared_ptr<TimingSession> session;
};

Outcome run(const workloads::Workload& w, std::shared_ptr<TimingSession> session) {
  RuntimeOptions o;
  o.timing = session;
  Runtime runtime(o);
  workloads::WorkloadOptions wo;
  wo.size = w.test_size;  // small, so all pairs of all workloads fit the test budget
  Outcome out;
  out.result = w.run(runtime, wo);
  out.digest = runtime.memory_digest();
  out.session = std::move(session);
  return out;
}

std::shared_ptr<TimingSession> session(const std::string& issue, const std::string& fetch,
                                       const std::string& dispatch = {}) {
  sm::TimingConfig c = sm::load_timing_config(load_machine("gtx480"));
  c.issue = issue;
  c.fetch = fetch;
  if (!dispatch.empty()) c.dispatch = dispatch;
  c.cta_limit = wf::test_support::kTestCtaLimit;
  c.check_warp_states = true;  // the incremental warp-state tracking must equal a full rescan
  return std::make_shared<TimingSession>(c);
}

class TimingWorkload : public ::testing::TestWithParam<std::string> {};

TEST_P(TimingWorkload, PassesUnderEveryPolicyAndMatchesFunctionalMemory) {
  const workloads::Workload* w = workloads::find_workload(GetParam());
  ASSERT_NE(w, nullptr);
  const Outcome functional = run(*w, nullptr);
  ASSERT_TRUE(functional.result.passed) << functional.result.message;
  for (const auto& [issue, fetch, dispatch] : wf::test_support::registered_policy_sets()) {
    {
      SCOPED_TRACE(issue + "/" + fetch + "/" + dispatch);
      const Outcome t = run(*w, session(issue, fetch, dispatch));
      const TimingResults& r = t.session->results();
      EXPECT_TRUE(t.result.passed) << t.result.message;
      EXPECT_EQ(r.status, "ok") << r.message << "\n" << r.warp_dump;
      for (const auto& s : r.sms) {
        std::uint64_t sum = 0;
        for (auto v : s.states) sum += v;
        EXPECT_EQ(sum, s.live_warp_cycles);
      }
      if (!w->schedule_dependent_memory) {  // its check accepts any order
        EXPECT_EQ(t.digest, functional.digest);
      }
    }
  }
}

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const auto* w : workloads::all_workloads()) out.push_back(w->name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(All, TimingWorkload, ::testing::ValuesIn(names()),
                         [](const auto& info) { return info.param; });

TEST(TimingDeterminism, IdenticalRunsGiveIdenticalStats) {
  for (const char* name : {"matmul", "bfs"}) {
    const workloads::Workload* w = workloads::find_workload(name);
    ASSERT_NE(w, nullptr);
    const Outcome a = run(*w, session("mwf-gto", "cff"));
    const Outcome b = run(*w, session("mwf-gto", "cff"));
    const RunLabel la{name, a.result.passed}, lb{name, b.result.passed};
    EXPECT_EQ(timing_report_json(*a.session, la), timing_report_json(*b.session, lb));
    EXPECT_EQ(timing_report_csv_row(*a.session, la), timing_report_csv_row(*b.session, lb));
  }
}

}  // namespace
}  // namespace wf::gpu
