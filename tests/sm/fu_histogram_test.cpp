// The functional-unit utilization histogram (SmStats::active_lanes, gpu::fu_histogram) on
// hand-written kernels whose active threads per instruction are known from their branches.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim_model/gpu/fu_histogram.h"
#include "sim_model/gpu/timing_gpu.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/ptx/global_memory.h"
#include "sim_model/ptx/launch_context.h"
#include "sim_model/ptx/parser.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm {
namespace {

TimingConfig gtx480_sm(unsigned schedulers) {
  TimingConfig c = load_timing_config(load_machine("gtx480"));
  c.num_sms = 1;
  c.machine.schedulers = schedulers;
  return c;
}

struct LaneRun {
  std::vector<IssueEvent> trace;
  gpu::TimingResults results;
  gpu::FuHistogram histogram;
};

// One CTA of `threads` running kernel k with `body` on SM 0.
LaneRun run_lanes(const TimingConfig& config, const std::string& body, unsigned threads) {
  const std::string text =
      ".version 7.5\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n"
      "  .reg .pred %p<4>;\n  .reg .b32 %r<64>;\n" +
      body + "\n  ret;\n}\n";
  const ptx::Module m = ptx::parse_module(text, "test.ptx");
  ptx::GlobalMemory memory;
  ptx::LaunchContext ctx;
  ctx.module = &m;
  ctx.kernel = 0;
  ctx.block = {threads, 1, 1};
  ctx.memory = &memory;
  auto session = std::make_shared<gpu::TimingSession>(config);
  gpu::TimingGpu gpu(*session);
  gpu.sm(0).issue_stage().record_trace(true);
  gpu.launch(ctx, 1'000'000);
  return {gpu.sm(0).issue_stage().trace(), session->results(),
          gpu::fu_histogram(session->results())};
}

// The histogram's bins other than 0 as lane count -> SM-cycles.
std::map<unsigned, std::uint64_t> issuing_bins(const gpu::FuHistogram& h) {
  std::map<unsigned, std::uint64_t> out;
  for (unsigned n = 1; n < h.active_lanes.size(); ++n)
    if (h.active_lanes[n]) out[n] = h.active_lanes[n];
  return out;
}

std::uint64_t sum(const std::vector<std::uint64_t>& v) {
  std::uint64_t s = 0;
  for (auto x : v) s += x;
  return s;
}

std::string independent_adds(int n) {
  std::string s = "  mov.u32 %r1, %tid.x;\n";
  for (int i = 0; i < n; ++i) s += "  add.u32 %r" + std::to_string(2 + i) + ", %r1, 3;\n";
  return s;
}

// One full warp on one scheduler: every cycle that issues issues 32 threads.
TEST(FuHistogram, ConvergedWarpIssuesOnlyFullCycles) {
  const LaneRun r = run_lanes(gtx480_sm(1), independent_adds(12), 32);
  ASSERT_EQ(r.trace.size(), 14u);  // mov, 12 adds, ret
  ASSERT_EQ(r.histogram.active_lanes.size(), 33u);
  EXPECT_EQ(issuing_bins(r.histogram), (std::map<unsigned, std::uint64_t>{{32, 14}}));
  EXPECT_EQ(r.histogram.sm_cycles, r.results.cycles);
  EXPECT_EQ(r.histogram.active_lanes[0], r.results.cycles - 14);
}

// An if/else on tid < 8: the else side (3 adds and its jump to the join) issues with 24 threads,
// the if side (2 adds) with 8, the rest with all 32.
TEST(FuHistogram, DivergentWarpIssuesItsPathsActiveThreads) {
  const std::string body =
      "  mov.u32 %r1, %tid.x;\n  setp.lt.u32 %p1, %r1, 8;\n  @%p1 bra LOW;\n"
      "  add.u32 %r2, %r1, 1;\n  add.u32 %r3, %r1, 2;\n  add.u32 %r4, %r1, 3;\n"
      "  bra.uni JOIN;\nLOW:\n  add.u32 %r5, %r1, 4;\n  add.u32 %r6, %r1, 5;\n"
      "JOIN:\n  add.u32 %r7, %r1, 6;\n";
  const LaneRun r = run_lanes(gtx480_sm(1), body, 32);
  ASSERT_EQ(r.trace.size(), 11u);  // mov, setp, bra, 3 adds, bra.uni, 2 adds, add, ret
  EXPECT_EQ(issuing_bins(r.histogram),
            (std::map<unsigned, std::uint64_t>{{8, 2}, {24, 4}, {32, 5}}));
  EXPECT_EQ(r.results.sms[0].thread_instructions, 2u * 8 + 4 * 24 + 5 * 32);
  EXPECT_EQ(sum(r.histogram.active_lanes), r.results.cycles);
}

// Two warps on two schedulers: a cycle in which both issue counts 64 lanes. The expected bins
// come from the issue trace: k warps issued in a cycle = 32k lanes.
TEST(FuHistogram, SchedulersOfOneCycleAddUp) {
  const LaneRun r = run_lanes(gtx480_sm(2), independent_adds(12), 64);
  ASSERT_EQ(r.trace.size(), 28u);
  ASSERT_EQ(r.histogram.active_lanes.size(), 65u);
  std::map<std::uint64_t, unsigned> per_cycle;
  for (const IssueEvent& e : r.trace) ++per_cycle[e.cycle];
  std::map<unsigned, std::uint64_t> expected;
  for (const auto& [cycle, warps] : per_cycle) ++expected[32 * warps];
  EXPECT_EQ(issuing_bins(r.histogram), expected);
  EXPECT_GT(expected[64], 0u) << "the two schedulers never issued in the same cycle";
  EXPECT_EQ(sum(r.histogram.active_lanes), r.results.cycles);
}

// Every SM counts in every cycle: an SM that never got a CTA adds all its cycles to bin 0.
TEST(FuHistogram, BinsSumToCyclesTimesSms) {
  TimingConfig c = gtx480_sm(2);
  c.num_sms = 3;
  const LaneRun r = run_lanes(c, independent_adds(5), 32);
  ASSERT_EQ(r.results.sms.size(), 3u);
  EXPECT_EQ(r.histogram.sm_cycles, 3 * r.results.cycles);
  EXPECT_EQ(sum(r.histogram.active_lanes), 3 * r.results.cycles);
  EXPECT_EQ(issuing_bins(r.histogram), (std::map<unsigned, std::uint64_t>{{32, 7}}));
  EXPECT_GE(r.histogram.active_lanes[0], 2 * r.results.cycles);
}

// A large warp of 2 rows x 32 lanes: a fully active instruction goes as two sub-warps of 32;
// where only lanes 0-15 of both rows are active the rows cannot share a sub-warp (one thread per
// lane), so it goes as two sub-warps of 16. The cycle the scheduler issues the instruction into
// the packer sends nothing of it: bin 0. The ret's sub-warps never go: the warp finishes when
// its exit executes at issue, its CTA with it, and the run ends before the packer sends them
// (a later CTA's warps would find them still going out, so a launch loses only its last
// exit's).
TEST(FuHistogram, LargeWarpCountsItsSubwarps) {
  TimingConfig c = gtx480_sm(1);
  c.barrel_processing = 1;
  c.ibuffer_entries = 1;
  c.large_warp_size = 64;
  const std::string body =
      "  mov.u32 %r1, %tid.x;\n  and.b32 %r2, %r1, 16;\n  setp.ne.u32 %p1, %r2, 0;\n"
      "  @%p1 bra SKIP;\n  add.u32 %r3, %r1, 1;\n  add.u32 %r4, %r1, 2;\n"
      "  add.u32 %r5, %r1, 3;\nSKIP:\n";
  const LaneRun r = run_lanes(c, body, 64);
  ASSERT_EQ(r.trace.size(), 8u);  // mov, and, setp, bra, 3 adds, ret
  EXPECT_EQ(r.results.cycles, r.trace.back().cycle + 1);
  EXPECT_EQ(issuing_bins(r.histogram), (std::map<unsigned, std::uint64_t>{{16, 6}, {32, 8}}));
  EXPECT_EQ(r.results.sms[0].thread_instructions, 5u * 64 + 3 * 32);
  EXPECT_EQ(sum(r.histogram.active_lanes), r.results.cycles);
}

}  // namespace
}  // namespace wf::sm
