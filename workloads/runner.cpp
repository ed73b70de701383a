#include "workloads/runner.h"

#include <chrono>
#include <functional>

#include <fmt/format.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "workloads/kernel_failure.h"
#include "workloads/kernel_log.h"
#include "workloads/spec/spec_loader.h"
#include "workloads/spec/spec_runner.h"

namespace wf::workloads {
namespace {

RunResult timed(const std::string& name, const std::function<RunResult()>& body) {
  const auto start = std::chrono::steady_clock::now();
  RunResult r = body();
  r.name = name;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace

RunResult livelocked(const gpu::LivelockError& e) {
  RunResult r;
  r.message = e.what();
  r.livelock = e.report();
  return r;
}

RunResult run_workload(const Workload& workload, const RunSettings& settings) {
  return timed(workload.name, [&] {
    gpu::Runtime runtime(settings.runtime);
    try {
      return workload.run(runtime, settings.workload);
    } catch (const gpu::LivelockError& e) {
      return livelocked(e);
    } catch (const UsageError&) {
      throw;  // the options were bad (Session turns the runtime's UsageErrors into failures)
    } catch (const std::exception& e) {
      RunResult r;
      r.message = e.what();
      return r;
    }
  });
}

RunResult run_spec_file(const std::filesystem::path& path, const RunSettings& settings) {
  const spec::LaunchSpec spec = spec::load_spec_file(path);
  return timed(spec.name, [&] {
    gpu::Runtime runtime(settings.runtime);
    return spec::run_spec(spec, runtime);
  });
}

RunResult run_kernel(const std::filesystem::path& ptx, const std::string& kernel, gpu::Dim3 grid,
                     gpu::Dim3 block, const RunSettings& settings) {
  const std::string text = read_input_file(ptx, kMaxSourceBytes, "PTX file");
  return timed(kernel, [&] {
    gpu::Runtime runtime(settings.runtime);
    runtime.load_ptx(text, ptx.string());
    RunResult r;
    KernelLog log;
    try {
      log.add(runtime.launch(kernel, grid, block, {}));
      r.passed = true;
    } catch (const gpu::LivelockError& e) {
      r = livelocked(e);
    } catch (const std::exception& e) {
      if (dynamic_cast<const UsageError*>(&e) && !is_kernel_failure(e)) throw;
      r.message = e.what();
    }
    r.kernels = log.kernels();
    return r;
  });
}

}  // namespace wf::workloads
