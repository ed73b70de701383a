// Every workload (at its test size, on one SM unless its grid must be resident at once) under
// registered policy sets: the run's block traces replay into the RTL with zero mismatches --
// every issue arbiter, fetch arbiter, warp priority table and dispatch block, every output bit,
// every cycle of the run. Each workload runs two of the covering policy sets (one if its grid
// must be resident at once), so that each set replays on several workloads (tests/policy_pairs.h);
// WF_TEST_FULL=1 runs every workload under every registered set.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "harness/block_config.h"
#include "sim_model/common/error.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/sm/timing_config.h"
#include "sim_model/trace/trace_reader.h"
#include "tests/policy_pairs.h"
#include "workloads/runner.h"
#include "workloads/workload.h"

namespace wf {
namespace {

// Two, so that each covering set replays on about a sixth of the workloads.
constexpr std::size_t kSetsPerWorkload = 2;

class ReplayWorkload : public ::testing::TestWithParam<std::string> {};

TEST_P(ReplayWorkload, EveryBlockTraceReplaysWithoutMismatch) {
  const workloads::Workload* w = workloads::find_workload(GetParam());
  ASSERT_NE(w, nullptr);
  const auto dir = std::filesystem::temp_directory_path() /
                   ("wf-replay-" + GetParam() + "-" + std::to_string(::getpid()));
  unsigned runs = 0;
  // A persistent grid runs on all 15 SMs, with 15 times the block traces of a one-SM run: one
  // set each (the sync workloads alone took a minute with two).
  const auto sets = wf::test_support::policy_sets_for_workload(
      GetParam(), w->persistent_grid ? std::size_t{1} : kSetsPerWorkload);
  ASSERT_FALSE(sets.empty());
  for (const auto& [issue, fetch, dispatch] : sets) {
    sm::TimingConfig c = sm::load_timing_config(load_machine("gtx480"));
    c.issue = issue;
    c.fetch = fetch;
    c.dispatch = dispatch;
    c.cta_limit = wf::test_support::kTestCtaLimit;
    if (!w->persistent_grid) c.num_sms = 1;
    std::filesystem::remove_all(dir);
    auto session = std::make_shared<gpu::TimingSession>(c);
    session->block_traces = std::make_shared<trace::BlockTraceSet>(dir);
    workloads::RunSettings settings;
    settings.runtime.timing = session;
    settings.workload.size = w->test_size;
    ASSERT_TRUE(workloads::run_workload(*w, settings).passed)
        << issue << "/" << fetch << "/" << dispatch;
    const auto files = session->block_traces->close(session->results().cycles);
    const auto dispatch_files =
        static_cast<std::size_t>(std::count_if(files.begin(), files.end(), [](const auto& f) {
          return f.instance.ends_with("_dispatch");
        }));
    ASSERT_EQ(files.size() - dispatch_files,
              wf::test_support::block_instances_per_sm(c) * c.num_sms);
    // A dispatch policy's blocks serve one SM each or the whole GPU.
    if (sm::policies::find_policy(sm::policies::PolicyKind::kDispatch, dispatch).blocks.empty())
      EXPECT_EQ(dispatch_files, 0u);
    else
      EXPECT_TRUE(dispatch_files == 1 || dispatch_files == c.num_sms) << dispatch_files;
    for (const auto& f : files) {
      const trace::TraceHeader header = trace::TraceReader(f.path).header();
      const auto config = harness::find_block(header.block).from_params(header.params);
      harness::EquivOptions o;
      o.replay = f.path.string();
      const harness::EquivResult r = config->equiv(o, std::nullopt, false);
      EXPECT_TRUE(r.passed) << issue << "/" << fetch << "/" << dispatch << " " << f.instance << ": "
                            << r.mismatch;
      EXPECT_EQ(r.cycles, session->results().cycles);
      EXPECT_EQ(r.records, f.records);
    }
    ++runs;
  }
  std::filesystem::remove_all(dir);
  EXPECT_EQ(runs, sets.size());
}

std::vector<std::string> workload_names() {
  std::vector<std::string> names;
  for (const auto* w : workloads::all_workloads()) names.push_back(w->name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Workloads, ReplayWorkload, ::testing::ValuesIn(workload_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace wf
