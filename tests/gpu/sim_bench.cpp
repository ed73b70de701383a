// Simulation speed of the cycle model (gtx480 preset, one thread): matmul and bfs at their
// default sizes under lrr/lrr and mwf-gto/cff. Reports simulated cycles, thread instructions
// and warp instructions per second of CPU time (the process's own, so a busy machine skews it
// less than wall time would; Time and CPU columns show both); a run includes the workload's host
// driver (input generation, copies, the CPU reference check), as `warpforge sim` does. The
// model's cost follows warp instructions and cycles, not threads: warp_instr_per_s compares
// workloads whose warps are full (matmul) with ones whose warps mostly are not (bfs).
//   build/release/tests/gpu/wf_sim_bench [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "sim_model/common/huge_pages.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "workloads/workload.h"

namespace {

void simulate(benchmark::State& state, const std::string& workload, const std::string& issue,
              const std::string& fetch) {
  const wf::workloads::Workload* w = wf::workloads::find_workload(workload);
  if (!w) throw std::invalid_argument("no workload " + workload);
  std::uint64_t cycles = 0, threads = 0, warps = 0;
  for (auto _ : state) {
    wf::sm::TimingConfig c = wf::sm::load_timing_config(wf::load_machine("gtx480"));
    c.issue = issue;
    c.fetch = fetch;
    auto session = std::make_shared<wf::gpu::TimingSession>(c);
    wf::gpu::RuntimeOptions o;
    o.timing = session;
    wf::gpu::Runtime runtime(o);
    const auto result = w->run(runtime, {});
    if (!result.passed) state.SkipWithError(result.message.c_str());
    cycles += session->results().cycles;
    threads += wf::gpu::total_thread_instructions(session->results());
    warps += wf::gpu::total_warp_instructions(session->results());
  }
  state.counters["cycles_per_s"] =
      benchmark::Counter(static_cast<double>(cycles), benchmark::Counter::kIsRate);
  state.counters["thread_instr_per_s"] =
      benchmark::Counter(static_cast<double>(threads), benchmark::Counter::kIsRate);
  state.counters["warp_instr_per_s"] =
      benchmark::Counter(static_cast<double>(warps), benchmark::Counter::kIsRate);
  state.counters["ipc"] = cycles ? static_cast<double>(threads) / cycles : 0.0;
}

BENCHMARK_CAPTURE(simulate, matmul_lrr_lrr, "matmul", "lrr", "lrr")->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(simulate, matmul_mwf_gto_cff, "matmul", "mwf-gto", "cff")
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(simulate, bfs_lrr_lrr, "bfs", "lrr", "lrr")->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(simulate, bfs_mwf_gto_cff, "bfs", "mwf-gto", "cff")->Unit(benchmark::kSecond);

}  // namespace

// As `warpforge sim` runs: on a heap backed by huge pages (tools/warpforge/main.cpp).
int main(int argc, char** argv) {
  wf::back_heap_with_huge_pages(std::size_t{1} << 30);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
