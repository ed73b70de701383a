// Sums the per-launch statistics of the runtime by kernel name, so that a workload launching
// one kernel per BFS level reports one line per kernel.
#pragma once

#include <vector>

#include "sim_model/gpu/runtime.h"
#include "workloads/run_result.h"

namespace wf::workloads {

class KernelLog {
 public:
  void add(const gpu::LaunchStats& launch);
  const std::vector<KernelStats>& kernels() const { return kernels_; }

 private:
  std::vector<KernelStats> kernels_;
};

}  // namespace wf::workloads
