#include "workloads/spec/spec_runner.h"

#include <fmt/format.h>

#include "sim_model/common/error.h"
#include "sim_model/gpu/name_lookup.h"
#include "workloads/kernel_failure.h"
#include "workloads/kernel_log.h"
#include "workloads/spec/kernel_params.h"
#include "workloads/spec/spec_check.h"

namespace wf::workloads::spec {
namespace {

// The loop a step runs in: its iteration index i and bound n, as argument expressions see them.
struct Loop {
  std::int64_t i = 0, n = 1;
};

// Argument expressions read no buffers (the loader made sure).
class NoBuffers : public ElementSource {
 public:
  Value element(const std::string& buffer, std::int64_t) const override {
    throw std::logic_error("spec runner: argument expression reads " + buffer);
  }
};

class SpecRun {
 public:
  SpecRun(const LaunchSpec& spec, gpu::Runtime& runtime) : spec_(spec), runtime_(runtime) {}

  RunResult run() {
    runtime_.load_ptx(spec_.ptx_text, spec_.ptx_path.string());
    place_buffers();
    check_kernels(spec_.steps);
    fill_buffers();

    RunResult result;
    for (const Step& step : spec_.steps) {
      if (auto failure = run_step(step, Loop{})) {
        result.kernels = log_.kernels();
        result.message = *failure;
        result.livelock = livelock_;
        return result;
      }
    }
    result.kernels = log_.kernels();
    for (std::size_t i = 0; i < host_.size(); ++i) {
      runtime_.memcpy_to_host(host_[i].bytes.data(), device_[i], host_[i].bytes.size());
      if (spec_.buffers[i].symbol.empty()) runtime_.free(device_[i]);
    }
    for (const auto& c : spec_.checks) {
      if (auto failure = run_check(c, host_))
        result.message += (result.message.empty() ? "" : "; ") + *failure;
    }
    result.passed = result.message.empty();
    return result;
  }

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& what) const {
    throw UsageError(fmt::format("{}: {}: {}", spec_.path.string(), key, what));
  }

  std::size_t index_of(const std::string& buffer) const {
    for (std::size_t i = 0; i < spec_.buffers.size(); ++i)
      if (spec_.buffers[i].name == buffer) return i;
    throw std::logic_error("spec runner: no buffer " + buffer);  // the loader checked names
  }

  gpu::DevPtr address(const BufferRef& ref) const {
    const std::size_t i = index_of(ref.buffer);
    return device_[i] + ref.offset * spec_.buffers[i].element_bytes();
  }

  // Device memory for every buffer: an allocation, or the module variable it names.
  void place_buffers() {
    for (std::size_t i = 0; i < spec_.buffers.size(); ++i) {
      const BufferSpec& b = spec_.buffers[i];
      host_.emplace_back(b.name, b.struct_type ? ElementType::u8 : b.type,
                         b.struct_type ? b.bytes() : b.count);
      if (b.symbol.empty()) {
        device_.push_back(runtime_.malloc(b.bytes()));
        continue;
      }
      const auto key = fmt::format("buffer[{}].symbol", i);
      std::uint64_t bytes = 0;
      try {
        device_.push_back(runtime_.symbol_address(b.symbol));
        bytes = runtime_.symbol_bytes(b.symbol);
      } catch (const UsageError& e) {
        fail(key, e.what());
      }
      if (b.bytes() > bytes)
        fail(key, fmt::format("{} x {} = {} bytes do not fit variable '{}' of {} bytes", b.count,
                              b.type_name(), b.bytes(), b.symbol, bytes));
    }
  }

  void fill_buffers() {
    for (std::size_t i = 0; i < spec_.buffers.size(); ++i) {
      const BufferInit& init = spec_.buffers[i].init;
      fill(host_[i], init);
      for (const InitSlot& s : init.slots) {
        if (!s.address) continue;
        store_element(s.type, &host_[i].bytes[s.offset],
                      Value::integer(static_cast<std::int64_t>(address(*s.address))));
      }
      runtime_.memcpy_to_device(device_[i], host_[i].bytes.data(), host_[i].bytes.size());
    }
  }

  // Every launch's kernel exists and takes its arguments, before anything runs.
  void check_kernels(const std::vector<Step>& steps) const {
    for (const Step& step : steps) {
      if (step.kind == Step::Kind::group) check_kernels(step.body);
      if (step.kind != Step::Kind::launch) continue;
      const KernelLaunch& l = step.launch;
      gpu::KernelInfo info;
      try {
        info = runtime_.kernel_info(l.kernel);
      } catch (const UsageError& e) {
        fail(step.key + ".kernel", e.what());
      }
      if (l.args.size() != info.params.size())
        fail(step.key + ".args",
             fmt::format("kernel {} takes {} arguments, got {}", gpu::demangle(info.name),
                         info.params.size(), l.args.size()));
      for (std::size_t k = 0; k < l.args.size(); ++k) {
        const gpu::KernelParam& p = info.params[k];
        const auto key = fmt::format("{}.args[{}]", step.key, k);
        if (std::holds_alternative<BufferRef>(l.args[k])) {
          if (!takes_address(p))
            fail(key, fmt::format("a buffer address (64-bit) for parameter {} ({}) of type {}; "
                                  "expected {}",
                                  k, p.name, param_type_name(p), accepted_arguments(p)));
          continue;
        }
        const ElementType t = std::get<ScalarArg>(l.args[k]).type;
        if (!takes_scalar(p, t))
          fail(fmt::format("{}.{}", key, element_type_name(t)),
               fmt::format("{} scalar for parameter {} ({}) of type {}; expected {}",
                           with_article(element_type_name(t)), k, p.name, param_type_name(p),
                           accepted_arguments(p)));
      }
    }
  }

  gpu::KernelArg argument(const Step& step, std::size_t k, const Loop& loop) const {
    const LaunchArg& a = step.launch.args[k];
    if (auto* ref = std::get_if<BufferRef>(&a)) return gpu::KernelArg::of(address(*ref));
    const ScalarArg& s = std::get<ScalarArg>(a);
    Value v = s.value;
    if (s.expr) {
      const auto key = fmt::format("{}.args[{}].{}", step.key, k, element_type_name(s.type));
      try {
        v = s.expr->evaluate(NoBuffers{}, loop.i, loop.n);
      } catch (const ExpressionError& e) {
        fail(key, fmt::format("at i = {}: {}", loop.i, e.what()));
      }
      if (!fits(s.type, v))
        fail(key, fmt::format("`{}` is {} at i = {}, which does not fit {}", s.expr->text(),
                              v.to_string(), loop.i, element_type_name(s.type)));
    }
    gpu::KernelArg out;
    out.bytes.resize(element_size(s.type));
    store_element(s.type, out.bytes.data(), v);
    return out;
  }

  // Runs a step as often as it says. nullopt, or why the run failed.
  std::optional<std::string> run_step(const Step& step, const Loop& outer) {
    if (!step.until && step.repeat == 1) return run_once(step, outer);
    const auto n = static_cast<std::int64_t>(step.iteration_bound());
    for (std::int64_t i = 0; i < n; ++i) {
      if (auto failure = run_once(step, Loop{i, n})) return failure;
      if (step.until && until_holds(step, Loop{i, n})) return std::nullopt;
    }
    if (!step.until) return std::nullopt;
    return fmt::format("{}: until `{}` still false after {} iterations (max_iterations = {})",
                       step.key, step.until->text(), step.max_iterations, step.max_iterations);
  }

  std::optional<std::string> run_once(const Step& step, const Loop& loop) {
    switch (step.kind) {
      case Step::Kind::group:
        for (const Step& s : step.body)
          if (auto failure = run_step(s, loop)) return failure;
        return std::nullopt;
      case Step::Kind::memset: {
        const MemsetStep& m = step.memset;
        const std::size_t size = spec_.buffers[index_of(m.buffer.buffer)].element_bytes();
        runtime_.memset(address(m.buffer), m.value, m.count * size);
        return std::nullopt;
      }
      case Step::Kind::copy: {
        const CopyStep& c = step.copy;
        std::vector<std::uint8_t> bytes(c.count *
                                        spec_.buffers[index_of(c.from.buffer)].element_bytes());
        runtime_.memcpy_to_host(bytes.data(), address(c.from), bytes.size());
        runtime_.memcpy_to_device(address(c.to), bytes.data(), bytes.size());
        return std::nullopt;
      }
      case Step::Kind::launch:
        return launch(step, loop);
    }
    return std::nullopt;
  }

  std::optional<std::string> launch(const Step& step, const Loop& loop) {
    const KernelLaunch& l = step.launch;
    std::vector<gpu::KernelArg> args;
    for (std::size_t k = 0; k < l.args.size(); ++k) args.push_back(argument(step, k, loop));
    runtime_.set_registers_per_thread(l.regs_per_thread ? l.regs_per_thread
                                                        : spec_.regs_per_thread);
    try {
      gpu::LaunchStats stats =
          runtime_.launch(l.kernel, l.grid, l.block, args, l.dynamic_shared_bytes);
      stats.kernel = gpu::demangle(stats.kernel);  // as people write it
      log_.add(stats);
    } catch (const std::exception& e) {
      if (dynamic_cast<const UsageError*>(&e) && !is_kernel_failure(e))
        throw UsageError(
            fmt::format("{}: {} ({}): {}", spec_.path.string(), step.key, l.kernel, e.what()));
      if (auto* livelock = dynamic_cast<const gpu::LivelockError*>(&e))
        livelock_ = livelock->report();
      return fmt::format("{} ({}): {}", step.key, l.kernel, e.what());
    }
    return std::nullopt;
  }

  // Reads the elements `until` indexes from the device.
  class DeviceSource : public ElementSource {
   public:
    explicit DeviceSource(const SpecRun& run) : run_(run) {}
    Value element(const std::string& buffer, std::int64_t index) const override {
      const std::size_t b = run_.index_of(buffer);
      const BufferSpec& spec = run_.spec_.buffers[b];
      if (index < 0 || static_cast<std::uint64_t>(index) >= spec.count)
        throw ExpressionError(
            fmt::format("index {} out of range for {} ({} elements)", index, buffer, spec.count));
      std::uint8_t bytes[8];
      const std::size_t size = element_size(spec.type);
      run_.runtime_.memcpy_to_host(
          bytes, run_.device_[b] + static_cast<std::uint64_t>(index) * size, size);
      return load_element(spec.type, bytes);
    }

   private:
    const SpecRun& run_;
  };

  bool until_holds(const Step& step, const Loop& loop) const {
    try {
      return step.until->evaluate(DeviceSource(*this), loop.i, loop.n).truthy();
    } catch (const ExpressionError& e) {
      fail(step.key + ".until", fmt::format("at i = {}: {}", loop.i, e.what()));
    }
  }

  const LaunchSpec& spec_;
  gpu::Runtime& runtime_;
  std::vector<HostBuffer> host_;
  std::vector<gpu::DevPtr> device_;
  KernelLog log_;
  std::optional<gpu::LivelockReport> livelock_;  // set when a launch livelocked
};

}  // namespace

RunResult run_spec(const LaunchSpec& spec, gpu::Runtime& runtime) {
  return SpecRun(spec, runtime).run();
}

}  // namespace wf::workloads::spec
