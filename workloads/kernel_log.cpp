#include "workloads/kernel_log.h"

#include <algorithm>

namespace wf::workloads {

void KernelLog::add(const gpu::LaunchStats& launch) {
  auto it = std::find_if(kernels_.begin(), kernels_.end(),
                         [&](const KernelStats& k) { return k.kernel == launch.kernel; });
  if (it == kernels_.end()) {
    kernels_.push_back(KernelStats{launch.kernel});
    it = std::prev(kernels_.end());
  }
  ++it->launches;
  it->warp_instructions += launch.warp_instructions;
  it->thread_instructions += launch.thread_instructions;
}

}  // namespace wf::workloads
