// A workload: a CUDA kernel set (its PTX embedded in the binary), a host driver that feeds it
// through the runtime API, and a CPU reference that checks what came back. Each workload's
// .cpp registers itself with one WF_WORKLOAD line; nothing else lists them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "workloads/embedded_ptx.h"
#include "workloads/run_result.h"

namespace wf::workloads {

struct WorkloadOptions {
  std::uint64_t size = 0;  // problem size in the workload's own unit; 0 = its default
  std::uint64_t seed = 1;  // for generated inputs
};

// Runs the workload on `runtime` and checks the result. Bad options throw UsageError; kernel
// errors propagate as the runtime threw them. Fills everything of RunResult but name/seconds.
using WorkloadRun = std::function<RunResult(gpu::Runtime&, const WorkloadOptions&)>;

struct Workload {
  std::string name;
  std::string description;  // one line: algorithm and synchronization pattern
  std::string size_unit;    // what WorkloadOptions::size counts, with its default
  WorkloadRun run;
  // A size small enough that ctest can run it on the cycle model under every policy pair in
  // about a second; 0 = the default size.
  std::uint64_t test_size = 0;
  // The studies this workload belongs to, e.g. "baws-barrier" (BAWS Table 2) or "baws-other"
  // (the paper's non-barrier-intensive set); `warpforge reproduce` selects by these.
  std::vector<std::string> suites = {};
  // Registers per thread of the benchmark as built for the paper's machine, when a study fixes
  // it (0: the cycle model estimates from the PTX). BAWS Table 2 gives CTAs per SM, and for its
  // workloads this is the count that reproduces them on gtx480 (21 lets 1536 threads fit).
  // `warpforge sim --param regs_per_thread=N` overrides it.
  unsigned regs_per_thread = 0;
  // The kernel synchronizes across CTAs (a global barrier), so its whole grid must be resident
  // at once: studies must not shrink the machine under it.
  bool persistent_grid = false;
  // Its device memory ends up in an order the schedule decides (a log or lists filled through
  // atomics; its check accepts any order), so tests must not compare it between schedules.
  bool schedule_dependent_memory = false;

  const EmbeddedPtx& ptx() const { return embedded_ptx(name); }
};

// Every registered workload, sorted by name.
std::vector<const Workload*> all_workloads();
// nullptr when there is no workload of that name.
const Workload* find_workload(std::string_view name);

struct WorkloadRegistrar {
  explicit WorkloadRegistrar(Workload w);
};

}  // namespace wf::workloads

#define WF_WORKLOAD_CONCAT2(a, b) a##b
#define WF_WORKLOAD_CONCAT(a, b) WF_WORKLOAD_CONCAT2(a, b)
#define WF_WORKLOAD(...)                                                                       \
  static const ::wf::workloads::WorkloadRegistrar WF_WORKLOAD_CONCAT(wf_workload_, __LINE__) { \
    ::wf::workloads::Workload {                                                                \
      __VA_ARGS__                                                                              \
    }                                                                                          \
  }
