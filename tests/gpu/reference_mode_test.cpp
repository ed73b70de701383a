// The cycle model's skips against its reference mode (TimingConfig::reference: no SM sleeps,
// no stage or memory component skips a cycle, every live warp is classified afresh and the
// stages' cached inputs are refreshed every cycle), for every workload at its test size under
// registered policy sets, on one SM and on the whole machine: the statistics JSON must be
// byte-identical. Each workload runs three of the covering policy sets (tests/policy_pairs.h),
// so that every issue, fetch and dispatch policy runs on several workloads; WF_TEST_FULL=1 runs
// every workload under every registered set. A skip is exact only if every change that could end it
// sends its notification (docs/cycle-model.md); a forgotten one makes the normal run drift from
// this one.
//
// The one field allowed to differ is sms[].skipped_cycles, the cycles an SM slept through:
// the reference run never sleeps, so it must report 0 there, and the normal run's counts are
// set to 0 before its JSON is written. Every other field, busy_cycles included (a slept cycle
// counts as busy), must match as it is.
#include <gtest/gtest.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

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
  std::string json;  // with sms[].skipped_cycles set to 0
  std::uint64_t skipped = 0;
  std::uint64_t digest = 0;
};

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Where two reports part, with a little context: the whole reports (kilobytes each, for every
// failing pair) would bury it.
std::string first_difference(const std::string& normal, const std::string& reference) {
  const std::vector<std::string> a = lines(normal), b = lines(reference);
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  std::ostringstream out;
  out << "the reports differ from line " << i + 1 << " (normal / reference):\n";
  for (std::size_t k = i >= 3 ? i - 3 : 0; k < std::min(i + 6, std::max(a.size(), b.size())); ++k) {
    const std::string x = k < a.size() ? a[k] : "<end>", y = k < b.size() ? b[k] : "<end>";
    out << (x == y ? "    " : "  - ") << x << "\n";
    if (x != y) out << "  + " << y << "\n";
  }
  return out.str();
}

using Params = std::vector<std::pair<std::string, std::string>>;

Outcome run(const workloads::Workload& w, const std::string& issue, const std::string& fetch,
            unsigned num_sms, bool reference, const std::string& preset = "gtx480",
            const Params& params = {}, const std::string& dispatch = "") {
  Machine machine = load_machine(preset);
  for (const auto& [key, value] : params) set_machine_param(machine, key, value);
  check_machine(machine);
  sm::TimingConfig c = sm::load_timing_config(machine);
  c.issue = issue;
  c.fetch = fetch;
  if (!dispatch.empty()) c.dispatch = dispatch;
  c.reference = reference;
  c.num_sms = num_sms;
  // A forgotten notification often deadlocks the normal run, or livelocks it (spinlock's spin
  // loop then issues for ever): stop either long before the defaults would. A correct run at
  // these sizes idles for at most a memory latency and ends within some 60 000 cycles.
  c.watchdog_cycles = 100'000;
  c.max_cycles = 2'000'000;
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
  EXPECT_TRUE(passed) << (reference ? "reference run" : "normal run");
  for (sm::SmStats& s : session->results().sms) {
    out.skipped += s.skipped_cycles;
    s.skipped_cycles = 0;
  }
  // With the functional-unit histogram, whose idle bin counts the cycles an SM slept through.
  out.json = timing_report_json(*session, RunLabel{w.name, passed}, {.fu_histogram = true});
  return out;
}

// Three: with three, tools/mutants/notifications.sh found the test killing every notification
// deletion the full matrix killed (docs/cycle-model.md).
constexpr std::size_t kSetsPerWorkload = 3;

class ReferenceMode : public ::testing::TestWithParam<std::string> {};

TEST_P(ReferenceMode, StatsEqualTheNormalRunUnderPolicySets) {
  const workloads::Workload* w = workloads::find_workload(GetParam());
  ASSERT_NE(w, nullptr);
  const std::string default_dispatch =
      sm::policies::default_policy(sm::policies::PolicyKind::kDispatch);
  // One SM, as the replay rung runs them: the test sizes fill it with CTAs, which then contend
  // for its units, MSHRs and CTA slots. And the whole machine, whose SMs contend for the
  // crossbar, L2 and DRAM (and sleep once their few CTAs are done). A grid that must be
  // resident at once runs on the whole machine only.
  const unsigned machine = sm::load_timing_config(load_machine("gtx480")).num_sms;
  std::vector<unsigned> shapes{machine};
  if (!w->persistent_grid) shapes.insert(shapes.begin(), 1);
  const auto sets = wf::test_support::policy_sets_for_workload(GetParam(), kSetsPerWorkload);
  ASSERT_FALSE(sets.empty());
  for (const unsigned num_sms : shapes) {
    for (const auto& [issue, fetch, dispatch] : sets) {
      SCOPED_TRACE(issue + "/" + fetch + "/" + dispatch + " on " + std::to_string(num_sms) +
                   " SMs");
      Params limit;
      if (dispatch != default_dispatch)
        limit = {{"cta_limit", std::to_string(wf::test_support::kTestCtaLimit)}};
      Outcome normal, reference;
      try {
        normal = run(*w, issue, fetch, num_sms, false, "gtx480", limit, dispatch);
        reference = run(*w, issue, fetch, num_sms, true, "gtx480", limit, dispatch);
      } catch (const std::exception& e) {  // a deadlock, say: report it, go on to the next pair
        ADD_FAILURE() << e.what();
        continue;
      }
      EXPECT_EQ(reference.skipped, 0u) << "an SM slept in reference mode";
      EXPECT_EQ(normal.digest, reference.digest);
      // Compared whole rather than field by field, so that a field added to the report later
      // is covered without editing this test.
      EXPECT_TRUE(normal.json == reference.json) << first_difference(normal.json, reference.json);
    }
  }
}

// lwm-core's row_buffer memory (sim_model/mem/row_buffer_dram.h) skips cycles too: its suite,
// under lrr/lrr and the policies its study compares, and with 256-thread large warps, whose
// sub-warp issue (sim_model/sm/subwarp_issue.h) keeps the SM awake while its packer holds
// threads.
class LwmCoreReferenceMode : public ::testing::TestWithParam<std::string> {};

TEST_P(LwmCoreReferenceMode, StatsEqualTheNormalRun) {
  const workloads::Workload* w = workloads::find_workload(GetParam());
  ASSERT_NE(w, nullptr);
  for (const auto& [issue, fetch] : {std::pair<std::string, std::string>{"lrr", "lrr"},
                                     std::pair<std::string, std::string>{"2lev", "2lev"}}) {
    SCOPED_TRACE(issue + "/" + fetch);
    const Outcome normal = run(*w, issue, fetch, 1, false, "lwm-core");
    const Outcome reference = run(*w, issue, fetch, 1, true, "lwm-core");
    EXPECT_EQ(reference.skipped, 0u) << "an SM slept in reference mode";
    EXPECT_EQ(normal.digest, reference.digest);
    EXPECT_NE(normal.json.find("\"row_conflicts\""), std::string::npos);
    EXPECT_TRUE(normal.json == reference.json) << first_difference(normal.json, reference.json);
  }
  SCOPED_TRACE("large warps of 256 threads");
  const Params large = {{"large_warp_size", "256"},
                        {"max_warps", "4"},
                        {"max_warps_per_cta", "4"},
                        {"max_ctas", "4"}};
  const Outcome normal = run(*w, "lrr", "lrr", 1, false, "lwm-core", large);
  const Outcome reference = run(*w, "lrr", "lrr", 1, true, "lwm-core", large);
  EXPECT_EQ(reference.skipped, 0u) << "an SM slept in reference mode";
  EXPECT_EQ(normal.digest, reference.digest);
  EXPECT_TRUE(normal.json == reference.json) << first_difference(normal.json, reference.json);
}

// The CTA dispatch policies other than the default (DYNCTA's controllers step every SM every
// cycle from signals an SM keeps while it sleeps; `static` caps SMs at 2 CTAs), every workload
// under lrr/lrr on one SM, where several CTAs share the SM and the limits and pausing act (a grid
// that must be resident at once on the whole machine instead).
class DispatchReferenceMode : public ::testing::TestWithParam<std::string> {};

TEST_P(DispatchReferenceMode, StatsEqualTheNormalRunUnderEveryDispatchPolicy) {
  const workloads::Workload* w = workloads::find_workload(GetParam());
  ASSERT_NE(w, nullptr);
  const unsigned machine = sm::load_timing_config(load_machine("gtx480")).num_sms;
  const std::vector<unsigned> shapes{w->persistent_grid ? machine : 1u};
  for (const auto& d : sm::policies::registered_policies(sm::policies::PolicyKind::kDispatch)) {
    if (d.is_default) continue;
    for (const unsigned num_sms : shapes) {
      SCOPED_TRACE(d.name + " on " + std::to_string(num_sms) + " SMs");
      const Params limit = {{"cta_limit", std::to_string(wf::test_support::kTestCtaLimit)}};
      Outcome normal, reference;
      try {
        normal = run(*w, "lrr", "lrr", num_sms, false, "gtx480", limit, d.name);
        reference = run(*w, "lrr", "lrr", num_sms, true, "gtx480", limit, d.name);
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
        continue;
      }
      EXPECT_EQ(reference.skipped, 0u) << "an SM slept in reference mode";
      EXPECT_EQ(normal.digest, reference.digest);
      EXPECT_TRUE(normal.json == reference.json) << first_difference(normal.json, reference.json);
    }
  }
}

std::vector<std::string> lwm_names() {
  std::vector<std::string> out;
  for (const auto* w : workloads::all_workloads())
    if (std::find(w->suites.begin(), w->suites.end(), "lwm") != w->suites.end())
      out.push_back(w->name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Lwm, LwmCoreReferenceMode, ::testing::ValuesIn(lwm_names()),
                         [](const auto& info) { return info.param; });

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const auto* w : workloads::all_workloads()) out.push_back(w->name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(All, ReferenceMode, ::testing::ValuesIn(names()),
                         [](const auto& info) { return info.param; });
INSTANTIATE_TEST_SUITE_P(All, DispatchReferenceMode, ::testing::ValuesIn(names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace wf::gpu
