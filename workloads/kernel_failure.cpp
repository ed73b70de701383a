#include "workloads/kernel_failure.h"

// The executor's error type lives in sim_model/ptx; without that library (the stand-in
// runtime) no kernel ever runs, so nothing is a kernel failure.
#if __has_include("sim_model/ptx/kernel_error.h")
#include "sim_model/ptx/kernel_error.h"
#define WF_HAVE_KERNEL_ERROR 1
#endif

namespace wf::workloads {

bool is_kernel_failure(const std::exception& e) {
#ifdef WF_HAVE_KERNEL_ERROR
  return dynamic_cast<const ptx::KernelError*>(&e) != nullptr;
#else
  (void)e;
  return false;
#endif
}

}  // namespace wf::workloads
