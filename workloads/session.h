// What every host driver does around its own logic: load the workload's embedded PTX, launch
// kernels while summing their statistics, and turn the CPU check's verdict into a RunResult.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "workloads/kernel_log.h"
#include "workloads/run_result.h"

namespace wf::workloads {

class Session {
 public:
  Session(gpu::Runtime& runtime, std::string_view workload);

  gpu::Runtime& runtime() { return runtime_; }

  void launch(const std::string& kernel, gpu::Dim3 grid, gpu::Dim3 block,
              const std::vector<gpu::KernelArg>& args, std::uint32_t dynamic_shared_bytes = 0);

  // `mismatch` is the CPU check's complaint, if it had one.
  RunResult finish(const std::optional<std::string>& mismatch) const;

 private:
  gpu::Runtime& runtime_;
  std::string workload_;
  KernelLog log_;
};

// Argument helpers, so drivers read like CUDA launches: {arg(a), arg(b), arg(n)}.
template <class T>
gpu::KernelArg arg(const T& value) {
  return gpu::KernelArg::of(value);
}

}  // namespace wf::workloads
