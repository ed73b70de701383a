// The training run of the profile-guided release build (tools/build.sh): every workload on the
// gtx480 cycle model under the baseline policies and under MWF(GTO)+CFF, at its default size,
// and in functional mode at its test size, so that the profile sees the executor, the SM
// pipeline, the memory system and each block model as studies use them. GCC optimizes for size
// what a profiled file never ran, and lays out branches as the training took them, so the
// training should look like what users run:
// - the default size, where the machine is full and its queues fill, not the test size, which
//   is mostly start-up and drain (a minute of training instead of a second);
// - block traces recorded in one run only (the first workload's, at its test size): recording
//   is the exception, and a profile in which every baseline call of a block was recorded lays
//   the simulator out for recording.
// Workloads named with --skip are left out (to measure on them without having trained on them).
//   wf_pgo_train [--skip NAME,NAME...]
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "sim_model/trace/block_trace_set.h"
#include "workloads/runner.h"
#include "workloads/workload.h"

namespace {

struct Mode {
  const char* issue = nullptr;  // null: functional
  const char* fetch = nullptr;
  bool traces = false;
};

bool train(const wf::workloads::Workload& w, const Mode& mode,
           const std::filesystem::path& trace_dir) {
  // The path `warpforge sim` takes.
  wf::workloads::RunSettings settings;
  settings.workload.size = mode.issue && !mode.traces ? 0 : w.test_size;  // 0: the default
  std::shared_ptr<wf::gpu::TimingSession> session;
  if (mode.issue) {
    wf::sm::TimingConfig c = wf::sm::load_timing_config(wf::load_machine("gtx480"));
    c.issue = mode.issue;
    c.fetch = mode.fetch;
    session = std::make_shared<wf::gpu::TimingSession>(c);
    if (mode.traces) session->block_traces = std::make_shared<wf::trace::BlockTraceSet>(trace_dir);
    settings.runtime.timing = session;
  }
  const bool passed = wf::workloads::run_workload(w, settings).passed;
  if (session && session->block_traces) session->block_traces->close(session->results().cycles);
  return passed;
}

}  // namespace

int main(int argc, char** argv) {
  std::set<std::string> skip;
  if (argc == 3 && std::string(argv[1]) == "--skip") {
    std::istringstream names(argv[2]);
    for (std::string n; std::getline(names, n, ',');) skip.insert(n);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: wf_pgo_train [--skip NAME,NAME...]\n");
    return 2;
  }
  const auto trace_dir =
      std::filesystem::temp_directory_path() / ("wf-pgo-train-" + std::to_string(::getpid()));
  const Mode modes[] = {{}, {"lrr", "lrr", false}, {"mwf-gto", "cff", false}};
  const Mode recorded{"lrr", "lrr", true};
  int status = 0;
  auto run = [&](const wf::workloads::Workload& w, const Mode& m) {
    std::filesystem::remove_all(trace_dir);
    if (!train(w, m, trace_dir)) {
      std::fprintf(stderr, "wf_pgo_train: %s (%s%s) failed its check\n", w.name.c_str(),
                   m.issue ? m.issue : "functional", m.traces ? ", recorded" : "");
      status = 1;
    }
  };
  bool first = true;
  for (const auto* w : wf::workloads::all_workloads()) {
    if (skip.count(w->name)) continue;
    for (const Mode& m : modes) run(*w, m);
    if (first) run(*w, recorded);  // once: enough for the trace writer
    first = false;
  }
  std::filesystem::remove_all(trace_dir);
  return status;
}
