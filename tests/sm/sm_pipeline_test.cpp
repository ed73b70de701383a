// The SM pipeline on hand-written kernels: every expected number below is derived from the
// gtx480 preset's latencies by hand, not read back from the model.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "sim_model/gpu/timing_gpu.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/ptx/global_memory.h"
#include "sim_model/ptx/kernel_error.h"
#include "sim_model/ptx/launch_context.h"
#include "sim_model/ptx/parser.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm {
namespace {

TimingConfig one_sm(const std::string& issue, unsigned schedulers = 2) {
  TimingConfig c = load_timing_config(load_machine("gtx480"));
  c.num_sms = 1;
  c.issue = issue;
  c.machine.schedulers = schedulers;
  c.l1i_miss_latency = 1;  // keeps instruction fetch off the critical path of these tests
  c.l1i_from_memory = 0;
  return c;
}

std::string kernel(const std::string& body) {
  return ".version 7.5\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n"
         "  .reg .pred %p<4>;\n  .reg .b32 %r<64>;\n" +
         body + "\n  ret;\n}\n";
}

struct TraceRun {
  std::vector<IssueEvent> trace;
  gpu::TimingResults results;
};

TraceRun run_trace(const TimingConfig& config, const std::string& body, unsigned threads) {
  const ptx::Module m = ptx::parse_module(kernel(body), "test.ptx");
  ptx::GlobalMemory memory;
  ptx::LaunchContext ctx;
  ctx.module = &m;
  ctx.kernel = 0;
  ctx.block = {threads, 1, 1};
  ctx.memory = &memory;
  ctx.shared_bytes = m.functions[0].shared_bytes;
  auto session = std::make_shared<gpu::TimingSession>(config);
  gpu::TimingGpu gpu(*session);
  gpu.sm(0).issue_stage().record_trace(true);
  gpu.launch(ctx, 1'000'000);
  return {gpu.sm(0).issue_stage().trace(), session->results()};
}

// One 32-thread warp of `ptx` (a kernel k without parameters, addressing `memory`) on the
// fixed-latency memory: the issue trace.
std::vector<IssueEvent> one_warp_on_fixed_memory(const TimingConfig& c, const std::string& ptx,
                                                 ptx::GlobalMemory& memory, unsigned threads = 32) {
  const ptx::Module m = ptx::parse_module(ptx, "test.ptx");
  ptx::LaunchContext ctx;
  ctx.module = &m;
  ctx.block = {threads, 1, 1};
  ctx.memory = &memory;
  auto session = std::make_shared<gpu::TimingSession>(c);
  session->use_fixed_latency_memory();
  gpu::TimingGpu gpu(*session);
  gpu.sm(0).issue_stage().record_trace(true);
  gpu.launch(ctx, 1'000'000);
  return gpu.sm(0).issue_stage().trace();
}

std::string chain(int n) {
  std::string s = "  mov.u32 %r1, 0;\n";
  for (int i = 0; i < n; ++i) s += "  add.u32 %r1, %r1, 3;\n";
  return s;
}

TEST(SmPipeline, DependentAluChainTakesLatencyTimesLength) {
  const TimingConfig c = one_sm("lrr");
  const int n = 40;  // spans several I-cache lines
  const TraceRun r = run_trace(c, chain(n), 32);
  // trace: mov, n adds, ret. Each add waits for the previous result: int_latency apart.
  ASSERT_EQ(r.trace.size(), static_cast<std::size_t>(n + 2));
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(r.trace[i + 1].cycle - r.trace[i].cycle, c.int_latency) << "add " << i + 1;
  EXPECT_EQ(r.trace[n].cycle - r.trace[0].cycle, std::uint64_t{c.int_latency} * n);
  EXPECT_EQ(r.trace[n + 1].cycle - r.trace[n].cycle, 1u);  // ret does not wait for the sum
}

TEST(SmPipeline, StatesSumToLiveWarpsTimesCycles) {
  const TimingConfig c = one_sm("gto");
  const TraceRun r = run_trace(c, chain(10) + "  bar.sync 0;\n" + chain(5), 128);
  ASSERT_EQ(r.results.kernels.size(), 1u);
  const CtaRecord& cta = r.results.kernels[0].ctas.at(0);
  std::uint64_t sum = 0;
  for (auto v : r.results.sms[0].states) sum += v;
  EXPECT_EQ(sum, 4 * (cta.end - cta.start));
  EXPECT_EQ(r.results.sms[0].live_warp_cycles, sum);
  EXPECT_EQ(r.results.sms[0].states[static_cast<unsigned>(WarpState::kIssued)],
            4u * (1 + 10 + 1 + 1 + 5 + 1));
}

// Warp 1 (scheduler 1) works 20 dependent adds before the barrier; warp 0 (scheduler 0) gets
// there at once. The barrier releases in the cycle warp 1's bar.sync issues; warp 0, whose next
// instruction is already fetched, issues in the following cycle.
TEST(SmPipeline, BarrierReleasesWhenTheLastWarpArrives) {
  const TimingConfig c = one_sm("lrr");
  const std::string body =
      "  mov.u32 %r2, %tid.x;\n  setp.lt.u32 %p1, %r2, 32;\n  @%p1 bra SKIP;\n" + chain(20) +
      "SKIP:\n  bar.sync 0;\n  mov.u32 %r3, 7;\n";
  const TraceRun r = run_trace(c, body, 64);
  std::map<unsigned, std::vector<IssueEvent>> by_warp;
  for (const auto& e : r.trace) by_warp[e.warp].push_back(e);
  auto find_pc = [](const std::vector<IssueEvent>& v, std::uint32_t pc) {
    for (const auto& e : v)
      if (e.pc == pc) return e.cycle;
    return ~std::uint64_t{0};
  };
  const std::uint32_t bar_pc = 3 + 21;  // mov, setp, bra, chain (mov + 20 adds)
  const std::uint64_t last_arrival = find_pc(by_warp[1], bar_pc);
  const std::uint64_t first_arrival = find_pc(by_warp[0], bar_pc);
  ASSERT_LT(first_arrival, last_arrival);
  EXPECT_EQ(find_pc(by_warp[0], bar_pc + 1), last_arrival + 1);
  // Warp 0 waited at the barrier from the cycle after its arrival to the release.
  EXPECT_GE(r.results.sms[0].states[static_cast<unsigned>(WarpState::kBarrier)],
            last_arrival - first_arrival);
}

// One scheduler, two warps, four independent movs and a ret each. Fetch is round robin over
// warps with an empty I-buffer and fills two entries per grant. Cycle 0: w0's fetch misses the
// cold I-cache (refill: 1 cycle). Cycle 1: round robin moves on to w1, which hits the line just
// refilled. Cycle 2: w1 issues, w0 is fetched. From then on:
//   lrr: strict alternation after the last issued warp: w1 w0 w1 w0 ... (each refetch lands in
//        the cycle the warp's buffer empties, so neither ever misses its turn);
//   gto: w1 keeps issuing while it can; when its buffer empties in cycle 3 it is the only warp
//        eligible to fetch, so it is refilled at once and stays greedy until its ret; then w0.
std::vector<unsigned> order(const std::string& p) {
  const std::string body =
      "  mov.u32 %r1, 1;\n  mov.u32 %r2, 2;\n  mov.u32 %r3, 3;\n  mov.u32 %r4, 4;\n";
  const TraceRun r = run_trace(one_sm(p, 1), body, 64);
  std::vector<unsigned> warps;
  for (const auto& e : r.trace) warps.push_back(e.warp);
  return warps;
}

TEST(SmPipeline, SingleSchedulerIssueOrderLrr) {
  EXPECT_EQ(order("lrr"), (std::vector<unsigned>{1, 0, 1, 0, 1, 0, 1, 0, 1, 0}));
}

TEST(SmPipeline, SingleSchedulerIssueOrderGto) {
  EXPECT_EQ(order("gto"), (std::vector<unsigned>{1, 1, 1, 1, 1, 0, 0, 0, 0, 0}));
}

// The LD/ST unit answers "can the L1 take an instruction?" from what the L1 said after the
// last call into it. The fixed-latency L1 refuses an access while its MSHRs could overflow
// (lines in flight + the access's lines > 2 × l1d_mshrs), also when nothing is left to send
// (quiet): with 16 MSHRs, a warp load of 32 lines goes only when no line is in flight. So the
// second of two independent 32-line loads waits until the first's lines, all first touches,
// are back from DRAM: at least dram_min_latency after the first issued.
TEST(SmPipeline, LoadWaitsWhileTheL1CannotTakeItsLines) {
  TimingConfig c = one_sm("lrr");
  c.l1d_mshrs = 16;
  ptx::GlobalMemory memory;
  const std::uint64_t base = memory.allocate(8192);
  const std::string ptx = fmt::format(
      ".version 7.5\n.target sm_75\n.address_size 64\n.visible .entry k()\n{{\n"
      "  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n"
      "  mov.u32 %r1, %tid.x;\n  mul.wide.u32 %rd1, %r1, 128;\n  add.u64 %rd2, %rd1, {};\n"
      "  ld.global.u32 %r2, [%rd2];\n  ld.global.u32 %r3, [%rd2+4096];\n  ret;\n}}\n",
      base);
  const std::vector<IssueEvent> t = one_warp_on_fixed_memory(c, ptx, memory);
  ASSERT_EQ(t.size(), 6u);  // mov, mul, add, ld, ld, ret
  EXPECT_GE(t[4].cycle - t[3].cycle, c.dram_min_latency);
}

// Two schedulers share the LD/ST unit. Eight warps (four per scheduler) each issue eight
// independent loads of 32 lines, so the unit is busy for most cycles and both schedulers have a
// load waiting whenever it frees. Which scheduler goes first rotates with the cycle: the loads
// of the two interleave. With scheduler 0 always first, its warps took the unit every time it
// freed, and scheduler 1's first load waited for all 32 of scheduler 0's.
TEST(SmPipeline, SchedulersTakeTurnsAtTheLoadStoreUnit) {
  const TimingConfig c = one_sm("lrr");
  ptx::GlobalMemory memory;
  const std::uint64_t base = memory.allocate(8 * 32768);
  std::string loads;
  for (int i = 0; i < 8; ++i)
    loads += fmt::format("  ld.global.u32 %r{}, [%rd2+{}];\n", 10 + i, i * 32768);
  const std::string ptx = fmt::format(
      ".version 7.5\n.target sm_75\n.address_size 64\n.visible .entry k()\n{{\n"
      "  .reg .b32 %r<32>;\n  .reg .b64 %rd<4>;\n"
      "  mov.u32 %r1, %tid.x;\n  mul.wide.u32 %rd1, %r1, 128;\n  add.u64 %rd2, %rd1, {};\n"
      "{}  ret;\n}}\n",
      base, loads);
  const std::vector<IssueEvent> t = one_warp_on_fixed_memory(c, ptx, memory, 256);
  std::vector<unsigned> by_scheduler;  // the scheduler of each load, in issue order
  for (const auto& e : t)
    if (e.pc >= 3 && e.pc < 11) by_scheduler.push_back(e.warp % 2);
  ASSERT_EQ(by_scheduler.size(), 64u);
  unsigned first_half[2] = {0, 0};
  for (std::size_t i = 0; i < 32; ++i) ++first_half[by_scheduler[i]];
  EXPECT_GE(first_half[0], 12u);
  EXPECT_GE(first_half[1], 12u);
  // Neither scheduler issues more than two loads in a row while the other has loads left.
  unsigned left[2] = {32, 32};
  unsigned run = 0;
  for (std::size_t i = 0; i < by_scheduler.size(); ++i) {
    const unsigned k = by_scheduler[i];
    run = i > 0 && by_scheduler[i - 1] == k ? run + 1 : 1;
    if (left[1 - k] > 0) {
      EXPECT_LE(run, 2u) << "load " << i;
    }
    --left[k];
  }
}

// Strict barrel processing (the LWM core): one warp of independent adds issues one add per
// int_latency + 1 cycles: fetched when the previous add leaves the pipeline (int_latency after
// its issue), issued the cycle after. Without it the I-buffer keeps the adds coming every cycle
// or two. A load holds the warp until its data is back: the add after it issues at least
// dram_min_latency later.
TEST(SmPipeline, BarrelProcessingFetchesAWarpOnlyAfterItsInstructionLeftThePipeline) {
  std::string independent = "  mov.u32 %r1, 0;\n";
  for (int i = 2; i < 12; ++i) independent += fmt::format("  add.u32 %r{}, %r1, {};\n", i, i);
  TimingConfig c = one_sm("lrr");
  const TraceRun plain = run_trace(c, independent, 32);
  c.barrel_processing = 1;
  c.ibuffer_entries = 1;  // the rule that comes with barrel processing (timing_config.cpp)
  const TraceRun barrel = run_trace(c, independent, 32);
  ASSERT_EQ(barrel.trace.size(), 12u);  // mov, ten adds, ret
  ASSERT_EQ(plain.trace.size(), 12u);
  for (std::size_t i = 2; i < 11; ++i) {
    EXPECT_EQ(barrel.trace[i + 1].cycle - barrel.trace[i].cycle, c.int_latency + 1) << i;
    EXPECT_LT(plain.trace[i + 1].cycle - plain.trace[i].cycle, c.int_latency) << i;
  }

  ptx::GlobalMemory memory;
  const std::uint64_t base = memory.allocate(4096);
  const std::string load = fmt::format(
      ".version 7.5\n.target sm_75\n.address_size 64\n.visible .entry k()\n{{\n"
      "  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n  mov.u64 %rd1, {};\n"
      "  ld.global.u32 %r1, [%rd1];\n  add.u32 %r2, %r3, 1;\n  ret;\n}}\n",
      base);
  const std::vector<IssueEvent> t = one_warp_on_fixed_memory(c, load, memory);
  ASSERT_EQ(t.size(), 4u);  // mov, ld, add, ret
  EXPECT_GE(t[2].cycle - t[1].cycle, c.dram_min_latency);
}

// Large warps (LWM) of 2 rows x 32 lanes on one scheduler with barrel processing: an
// instruction of a large warp whose 64 threads are all active goes down the pipeline as two
// sub-warps (one thread per lane each), in the two cycles after its issue, and the warp is
// fetched again int_latency after the second: its issues are 2 + int_latency + 1 apart. Where
// a branch leaves row 0's lanes 0-15 and row 1's lanes 16-31, the packer fits both rows in one
// sub-warp: 1 + int_latency + 1 apart. (One CTA of 64 threads: one large warp.)
TEST(SmPipeline, LargeWarpInstructionsTakeOneCyclePerSubwarp) {
  TimingConfig c = one_sm("lrr", 1);
  c.barrel_processing = 1;
  c.ibuffer_entries = 1;
  c.large_warp_size = 64;
  std::string body =
      "  mov.u32 %r1, %tid.x;\n  shr.u32 %r2, %r1, 5;\n  and.b32 %r3, %r1, 16;\n"
      "  shr.u32 %r3, %r3, 4;\n  setp.eq.u32 %p1, %r2, %r3;\n";
  for (int i = 10; i < 16; ++i) body += fmt::format("  add.u32 %r{}, %r1, {};\n", i, i);
  body += "  @%p1 bra SKIP;\n";
  for (int i = 20; i < 26; ++i) body += fmt::format("  add.u32 %r{}, %r1, {};\n", i, i);
  body += "SKIP:\n";
  const TraceRun r = run_trace(c, body, 64);
  // mov, shr, and, shr, setp, 6 adds, bra, 6 adds on the path of half of each row, ret.
  ASSERT_EQ(r.trace.size(), 19u);
  // Trace entry i is pc i; the fetch of the first instruction of an I-cache line (8-byte
  // instructions) misses for l1i_miss_latency.
  auto miss = [&](std::size_t pc) {
    return pc * 8 % c.l1i_line_bytes == 0 ? c.l1i_miss_latency : 0;
  };
  for (std::size_t i = 5; i < 10; ++i)
    EXPECT_EQ(r.trace[i + 1].cycle - r.trace[i].cycle, 2 + c.int_latency + 1 + miss(i + 1))
        << "full " << i;
  for (std::size_t i = 12; i < 17; ++i)
    EXPECT_EQ(r.trace[i + 1].cycle - r.trace[i].cycle, 1 + c.int_latency + 1 + miss(i + 1))
        << "packed " << i;
  EXPECT_EQ(r.results.sms.at(0).thread_instructions, 12u * 64 + 6 * 32 + 64);
}

// A one-warp CTA waits for 64 threads at a barrier: nothing can ever release it. The watchdog
// must end the run with a deadlock report naming the warp, its pc and its barrier.
TEST(SmPipeline, WatchdogReportsDeadlock) {
  TimingConfig c = one_sm("lrr");
  c.watchdog_cycles = 500;
  const ptx::Module m = ptx::parse_module(kernel("  bar.sync 0, 64;\n"), "test.ptx");
  ptx::GlobalMemory memory;
  ptx::LaunchContext ctx;
  ctx.module = &m;
  ctx.block = {32, 1, 1};
  ctx.memory = &memory;
  auto session = std::make_shared<gpu::TimingSession>(c);
  gpu::TimingGpu gpu(*session);
  EXPECT_THROW(gpu.launch(ctx, 1'000'000), ptx::KernelError);
  const gpu::TimingResults& r = session->results();
  EXPECT_EQ(r.status, "deadlock");
  EXPECT_NE(r.warp_dump.find("barrier   "), std::string::npos) << r.warp_dump;
  EXPECT_NE(r.warp_dump.find("barrier 0"), std::string::npos) << r.warp_dump;
  EXPECT_GE(r.cycles, 500u);
}

}  // namespace
}  // namespace wf::sm
