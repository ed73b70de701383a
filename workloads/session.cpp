#include "workloads/session.h"

#include <stdexcept>

#include <fmt/format.h>

#include "sim_model/common/error.h"
#include "workloads/embedded_ptx.h"
#include "workloads/workload.h"

namespace wf::workloads {

// The runtime reports bad PTX or a bad launch as a UsageError, which is right for a user's
// spec. A built-in workload's PTX and launches are ours, so there it is a failure of the run
// (reported with the others of --all), not bad input that ends the command; except a launch the
// machine cannot take (a CTA that fits no SM of the preset or its --param overrides) or one over
// warpforge's per-launch limit (a --size too large): the user chose those, so they are bad input
// as for a spec, exit status 2.
Session::Session(gpu::Runtime& runtime, std::string_view workload)
    : runtime_(runtime), workload_(workload) {
  const EmbeddedPtx& ptx = embedded_ptx(workload);
  if (const Workload* w = find_workload(workload)) {
    runtime_.set_registers_per_thread(w->regs_per_thread);
  }
  try {
    runtime_.load_ptx(ptx.text, ptx.path);
  } catch (const UsageError& e) {
    throw std::runtime_error(e.what());
  }
}

void Session::launch(const std::string& kernel, gpu::Dim3 grid, gpu::Dim3 block,
                     const std::vector<gpu::KernelArg>& args, std::uint32_t dynamic_shared_bytes) {
  try {
    log_.add(runtime_.launch(kernel, grid, block, args, dynamic_shared_bytes));
  } catch (const gpu::LivelockError&) {
    throw;  // run_workload reports it with its warp dump
  } catch (const gpu::LaunchRefused& e) {
    if (e.limit() == gpu::LaunchRefused::Limit::kCuda) throw std::runtime_error(e.what());
    const bool machine = e.limit() == gpu::LaunchRefused::Limit::kSm;
    throw gpu::LaunchRefused(e.limit(), fmt::format("workload {}: {}{}", workload_,
                                                    machine ? "the machine (preset or --param) "
                                                              "cannot take its CTAs: "
                                                            : "",
                                                    e.what()));
  } catch (const UsageError& e) {
    throw std::runtime_error(e.what());
  }
}

RunResult Session::finish(const std::optional<std::string>& mismatch) const {
  RunResult r;
  r.passed = !mismatch.has_value();
  r.message = mismatch.value_or("");
  r.kernels = log_.kernels();
  return r;
}

}  // namespace wf::workloads
