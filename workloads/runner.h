// The three things `warpforge run` can run, each on a fresh runtime and timed: a registered
// workload, a launch spec file, or one argument-less kernel of a PTX file.
#pragma once

#include <filesystem>
#include <string>

#include "sim_model/gpu/runtime.h"
#include "workloads/run_result.h"
#include "workloads/workload.h"

namespace wf::workloads {

struct RunSettings {
  gpu::RuntimeOptions runtime;
  WorkloadOptions workload;  // ignored by specs and bare kernels
};

// Bad input (a bad --size, an unreadable or invalid spec or PTX) throws UsageError. A kernel
// that fails (trap, bad access, instruction limit, livelock) or a wrong answer gives passed ==
// false; a livelock also sets RunResult::livelock.
RunResult run_workload(const Workload& workload, const RunSettings& settings);
RunResult run_spec_file(const std::filesystem::path& spec, const RunSettings& settings);
RunResult run_kernel(const std::filesystem::path& ptx, const std::string& kernel, gpu::Dim3 grid,
                     gpu::Dim3 block, const RunSettings& settings);

// The failed result of a run that livelocked.
RunResult livelocked(const gpu::LivelockError& e);

}  // namespace wf::workloads
