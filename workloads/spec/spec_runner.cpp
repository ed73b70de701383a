#include "workloads/spec/spec_runner.h"

#include <fmt/format.h>

#include "sim_model/common/error.h"
#include "workloads/kernel_failure.h"
#include "workloads/kernel_log.h"
#include "workloads/spec/spec_check.h"

namespace wf::workloads::spec {
namespace {

gpu::KernelArg scalar_bytes(const ScalarArg& s) {
  gpu::KernelArg a;
  a.bytes.resize(element_size(s.type));
  store_element(s.type, a.bytes.data(), s.value);
  return a;
}

}  // namespace

RunResult run_spec(const LaunchSpec& spec, gpu::Runtime& runtime) {
  runtime.load_ptx(spec.ptx_text, spec.ptx_path.string());

  std::vector<HostBuffer> host;
  std::vector<gpu::DevPtr> device;
  for (const auto& b : spec.buffers) {
    host.emplace_back(b.name, b.type, b.count);
    fill(host.back(), b.init);
    device.push_back(runtime.malloc(host.back().bytes.size()));
    runtime.memcpy_to_device(device.back(), host.back().bytes.data(), host.back().bytes.size());
  }
  auto device_of = [&](const std::string& name) {
    for (std::size_t i = 0; i < host.size(); ++i)
      if (host[i].name == name) return device[i];
    throw std::logic_error("spec runner: no buffer " + name);  // the loader checked names
  };

  RunResult result;
  KernelLog log;
  for (std::size_t i = 0; i < spec.launches.size(); ++i) {
    const LaunchEntry& l = spec.launches[i];
    std::vector<gpu::KernelArg> args;
    for (const auto& a : l.args) {
      if (auto* name = std::get_if<std::string>(&a))
        args.push_back(gpu::KernelArg::of(device_of(*name)));
      else
        args.push_back(scalar_bytes(std::get<ScalarArg>(a)));
    }
    try {
      log.add(runtime.launch(l.kernel, l.grid, l.block, args, l.dynamic_shared_bytes));
    } catch (const std::exception& e) {
      if (dynamic_cast<const UsageError*>(&e) && !is_kernel_failure(e))
        throw UsageError(
            fmt::format("{}: launch[{}] ({}): {}", spec.path.string(), i, l.kernel, e.what()));
      result.kernels = log.kernels();
      result.message = fmt::format("launch[{}] ({}): {}", i, l.kernel, e.what());
      return result;
    }
  }
  result.kernels = log.kernels();

  for (std::size_t i = 0; i < host.size(); ++i) {
    runtime.memcpy_to_host(host[i].bytes.data(), device[i], host[i].bytes.size());
    runtime.free(device[i]);
  }
  for (const auto& c : spec.checks) {
    if (auto failure = run_check(c, host))
      result.message += (result.message.empty() ? "" : "; ") + *failure;
  }
  result.passed = result.message.empty();
  return result;
}

}  // namespace wf::workloads::spec
