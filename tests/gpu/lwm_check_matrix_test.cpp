// The LWM study's check matrix: every workload of the `lwm` suite, at its test size, passes its
// CPU check on lwm-core and on gtx480, with ordinary warps and with large warps of 256 threads,
// under every registered fetch policy (with lrr issue, which pairs with all of them) and under
// two-level scheduling (2lev issue and fetch, the paper's). Each run's functional-unit
// histogram must also account for its threads: with ordinary warps every issued thread is one
// active lane of its cycle; with large warps at most (an unguarded jump goes as one sub-warp,
// and a launch's last exit leaves before its sub-warps go).
#include <gtest/gtest.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "sim_model/common/error.h"
#include "sim_model/gpu/fu_histogram.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"
#include "workloads/workload.h"

namespace wf::gpu {
namespace {

constexpr unsigned kLargeWarp = 256;

// The preset with large warps of 256 threads and its threads per SM unchanged: max_warps
// counts large warps (max_threads follows from it), a CTA holds at most CUDA's 1024 threads,
// and a CTA slot needs a warp. Large warps need barrel processing, and that one I-buffer entry.
Machine machine(const std::string& preset, bool large) {
  Machine m = load_machine(preset);
  if (large) {
    const std::uint64_t warps = m.value("sm.max_threads") / kLargeWarp;
    const std::uint64_t ctas = std::min<std::uint64_t>(m.max_ctas, warps);
    const std::vector<std::pair<std::string, std::uint64_t>> params = {
        {"sm.barrel_processing", 1},
        {"sm.ibuffer_entries", 1},
        {"sm.large_warp_size", kLargeWarp},
        {"sm.max_warps", warps},
        {"sm.max_warps_per_cta", std::min<std::uint64_t>(warps, 1024 / kLargeWarp)},
        {"sm.max_ctas", ctas}};
    for (const auto& [key, value] : params) set_machine_param(m, key, std::to_string(value));
  }
  check_machine(m);
  return m;
}

// lrr issue with every fetch policy the registry lets it pair with, then 2lev/2lev.
std::vector<std::pair<std::string, std::string>> policy_pairs() {
  using sm::policies::PolicyKind;
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& fetch : sm::policies::registered_policies(PolicyKind::kFetch)) {
    sm::TimingConfig c;
    c.issue = "lrr";
    c.fetch = fetch.name;
    try {
      sm::policies::check_policies(c);
    } catch (const UsageError&) {
      continue;
    }
    out.emplace_back("lrr", fetch.name);
  }
  out.emplace_back("2lev", "2lev");
  return out;
}

struct Case {
  std::string workload, preset;
  bool large = false;
};

void PrintTo(const Case& k, std::ostream* os) {
  *os << k.workload << " on " << k.preset << (k.large ? " with large warps" : "");
}

class LwmCheckMatrix : public ::testing::TestWithParam<Case> {};

TEST_P(LwmCheckMatrix, PassesItsCheckUnderEveryFetchPolicy) {
  const Case& k = GetParam();
  const workloads::Workload* w = workloads::find_workload(k.workload);
  ASSERT_NE(w, nullptr);
  const Machine m = machine(k.preset, k.large);
  const auto pairs = policy_pairs();
  ASSERT_GE(pairs.size(), 5u) << "expected lrr with lrr, cff, fef and 2lev fetch, and 2lev/2lev";
  for (const auto& [issue, fetch] : pairs) {
    SCOPED_TRACE(k.workload + " on " + k.preset + (k.large ? " with large warps of 256" : "") +
                 ", issue " + issue + " fetch " + fetch);
    sm::TimingConfig c = sm::load_timing_config(m);
    c.issue = issue;
    c.fetch = fetch;
    // A correct run at the test size ends within some 130 000 cycles: stop a hung one early.
    c.watchdog_cycles = 100'000;
    c.max_cycles = 5'000'000;
    auto session = std::make_shared<TimingSession>(c);
    RuntimeOptions o;
    o.timing = session;
    bool passed = false;
    std::string message;
    try {
      Runtime runtime(o);
      workloads::WorkloadOptions wo;
      wo.size = w->test_size;
      const workloads::RunResult r = w->run(runtime, wo);
      passed = r.passed;
      message = r.message;
    } catch (const std::exception& e) {  // a refusal or a deadlock: report it, go on
      ADD_FAILURE() << e.what();
      continue;
    }
    EXPECT_TRUE(passed) << message;
    const TimingResults& r = session->results();
    EXPECT_EQ(r.status, "ok") << r.message;
    const FuHistogram h = fu_histogram(r);
    std::uint64_t lanes = 0, bins = 0;
    for (std::size_t n = 0; n < h.active_lanes.size(); ++n) {
      lanes += n * h.active_lanes[n];
      bins += h.active_lanes[n];
    }
    EXPECT_EQ(h.active_lanes.size(), c.machine.schedulers * c.machine.warp_size + 1);
    EXPECT_EQ(bins, r.cycles * r.sms.size());
    if (k.large) {
      EXPECT_LE(lanes, total_thread_instructions(r));
      EXPECT_GT(lanes, 0u);
    } else {
      EXPECT_EQ(lanes, total_thread_instructions(r));
    }
  }
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const auto* w : workloads::all_workloads()) {
    if (std::find(w->suites.begin(), w->suites.end(), "lwm") == w->suites.end()) continue;
    for (const char* preset : {"lwm-core", "gtx480"})
      for (const bool large : {false, true}) out.push_back({w->name, preset, large});
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Lwm, LwmCheckMatrix, ::testing::ValuesIn(cases()), [](const auto& info) {
  std::string name =
      info.param.workload + "_" + info.param.preset + (info.param.large ? "_large256" : "");
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
});

}  // namespace
}  // namespace wf::gpu
