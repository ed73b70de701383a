// What running one workload, spec or kernel produced: the verdict and the instruction counts
// of every kernel it launched. Plain data; report.h prints it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/gpu/livelock_report.h"

namespace wf::workloads {

// All launches of one kernel, summed.
struct KernelStats {
  std::string kernel;
  std::uint64_t launches = 0;
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;
};

struct RunResult {
  std::string name;     // workload name, spec name, or kernel name for a bare --ptx run
  bool passed = false;  // every launch finished and every check held
  std::string message;  // why it failed (empty when it passed)
  std::vector<KernelStats> kernels;  // in order of each kernel's first launch
  double seconds = 0;                // wall time, including input generation and checks
  // Set when a launch livelocked (message is then the report's message).
  std::optional<gpu::LivelockReport> livelock;
};

}  // namespace wf::workloads
