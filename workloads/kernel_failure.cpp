#include "workloads/kernel_failure.h"

#include "sim_model/gpu/runtime.h"

namespace wf::workloads {

bool is_kernel_failure(const std::exception& e) {
  return dynamic_cast<const gpu::KernelError*>(&e) != nullptr;
}

}  // namespace wf::workloads
