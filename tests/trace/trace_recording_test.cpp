// Recording in a simulation run: it changes nothing in the run, and every call of a block is
// in its trace (each issue the issue arbiters granted, each fetch the fetch arbiter granted).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <memory>
#include <string>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/sm/timing_config.h"
#include "sim_model/trace/trace_reader.h"
#include "tests/policy_pairs.h"
#include "workloads/workload.h"

namespace wf::trace {
namespace {

struct SimRun {
  std::string stats;  // the statistics JSON
  std::uint64_t warp_instructions = 0, fetches = 0;
};

SimRun simulate(const std::string& issue, const std::string& fetch,
                const std::filesystem::path& record_dir) {
  sm::TimingConfig c = sm::load_timing_config(load_machine("gtx480"));
  c.issue = issue;
  c.fetch = fetch;
  c.num_sms = 2;
  auto session = std::make_shared<gpu::TimingSession>(c);
  if (!record_dir.empty()) session->block_traces = std::make_shared<BlockTraceSet>(record_dir);
  {
    gpu::RuntimeOptions o;
    o.timing = session;
    gpu::Runtime runtime(o);
    const workloads::Workload* w = workloads::find_workload("matmul");
    workloads::WorkloadOptions wo;
    wo.size = w->test_size;
    EXPECT_TRUE(w->run(runtime, wo).passed);
  }
  SimRun r;
  r.stats = gpu::timing_report_json(*session, {"matmul", true});
  for (const auto& s : session->results().sms) {
    r.warp_instructions += s.warp_instructions;
    r.fetches += s.icache_accesses;
  }
  if (session->block_traces) session->block_traces->close(session->results().cycles);
  return r;
}

// Records whose grant_valid_o is set, over the traces of `dir` whose instance contains `role`
// and whose block grants (a policy may call other blocks beside its arbiter: blocklat's stall
// counter bank).
std::uint64_t granted_records(const std::filesystem::path& dir, const std::string& role) {
  std::uint64_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    TraceReader r(e.path());
    if (r.header().instance.find(role) == std::string::npos) continue;
    if (r.header().out_ports.at(0).name != "grant_valid_o") continue;
    for (TraceEntry t = r.next(); t.kind != TraceEntry::Kind::kEnd; t = r.next()) {
      if (t.kind != TraceEntry::Kind::kRecord) continue;
      const auto out = unpack_ports(r.header().out_ports, r.record(), r.header().in_bits());
      EXPECT_EQ(out.at(0).name, "grant_valid_o");
      n += out.at(0).value.bit(0);
    }
  }
  return n;
}

class Recording : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(Recording, ChangesNothingAndMissesNoCall) {
  const auto& [issue, fetch] = GetParam();
  const auto dir =
      std::filesystem::temp_directory_path() / ("wf-recording-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const SimRun plain = simulate(issue, fetch, {});
  const SimRun recorded = simulate(issue, fetch, dir);
  EXPECT_EQ(plain.stats, recorded.stats);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  sm::TimingConfig c = sm::load_timing_config(load_machine("gtx480"));
  c.issue = issue;
  c.fetch = fetch;
  EXPECT_EQ(files, 2u * wf::test_support::block_instances_per_sm(c));  // two SMs
  EXPECT_GT(recorded.warp_instructions, 0u);
  EXPECT_EQ(granted_records(dir, "_issue"), recorded.warp_instructions);
  EXPECT_EQ(granted_records(dir, "_fetch"), recorded.fetches);
  std::filesystem::remove_all(dir);
}

// Every pair of registered policies.
INSTANTIATE_TEST_SUITE_P(Policies, Recording,
                         ::testing::ValuesIn(wf::test_support::registered_policy_pairs()),
                         [](const auto& info) {
                           std::string name = info.param.first + "_" + info.param.second;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace wf::trace
