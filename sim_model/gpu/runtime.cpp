#include "sim_model/gpu/runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "sim_model/gpu/cooperative_launch.h"
#include "sim_model/gpu/functional_driver.h"
#include "sim_model/gpu/launch_limits.h"
#include "sim_model/gpu/name_lookup.h"
#include "sim_model/gpu/terminal_progress.h"
#include "sim_model/gpu/timing_gpu.h"
#include "sim_model/ptx/device_heap.h"
#include "sim_model/ptx/env_registers.h"
#include "sim_model/ptx/function_address.h"
#include "sim_model/ptx/global_memory.h"
#include "sim_model/ptx/large_warp.h"
#include "sim_model/ptx/launch_context.h"
#include "sim_model/ptx/parser.h"

namespace wf::gpu {

struct Runtime::Impl {
  RuntimeOptions options;
  ptx::GlobalMemory memory;
  std::vector<std::unique_ptr<ptx::Module>> modules;
  struct KernelRef {
    const ptx::Module* module;
    std::uint32_t index;
  };
  std::unordered_map<std::string, KernelRef> kernels;
  struct Symbol {
    DevPtr address;
    std::uint64_t bytes;
  };
  std::unordered_map<std::string, Symbol> symbols;
  // Built at the first lookup after a load.
  mutable std::optional<NameLookup> kernel_names, symbol_names;
  std::unique_ptr<TimingGpu> timing_gpu;  // created at the first timing launch
  // Copies to the device since the last timing launch, in order: the next one passes them to
  // the memory system's L2 (TimingGpu::host_wrote) before it starts.
  std::vector<std::pair<DevPtr, std::uint64_t>> copies;
  std::uint32_t registers_per_thread = 0;
  DevPtr workspace = 0;  // cooperative launches' grid workspace, made at the first
  std::uint64_t heap_bytes = ptx::DeviceHeap::kDefaultBytes;
  std::unique_ptr<ptx::DeviceHeap> heap;  // made at the first launch of a module calling malloc

  // The heap, reserved as the workspace is (driver memory the program's allocations and
  // cudaMemGetInfo do not see), when module `m` calls malloc or free.
  ptx::DeviceHeap* heap_for(const ptx::Module& m) {
    if (heap) return heap.get();
    const ptx::Function* malloc_fn = m.find_function("malloc");
    const ptx::Function* free_fn = m.find_function("free");
    if (!(malloc_fn && malloc_fn->is_declaration) && !(free_fn && free_fn->is_declaration))
      return nullptr;
    const DevPtr at = (memory.next_free() + ptx::GlobalMemory::kAlignment - 1) /
                      ptx::GlobalMemory::kAlignment * ptx::GlobalMemory::kAlignment;
    memory.reserve(at, std::max<std::uint64_t>(heap_bytes, 1));
    memory.advance_past(at + std::max<std::uint64_t>(heap_bytes, 1));
    heap = std::make_unique<ptx::DeviceHeap>(at, heap_bytes);
    return heap.get();
  }

  // A driver-owned block, as a GPU's driver keeps it: reserved like module variables, so that
  // the program's allocations and cudaMemGetInfo do not see it. {size, barrier}: grid.sync()
  // flips the barrier word's top bit whatever value it starts from, so one workspace serves
  // every launch.
  DevPtr grid_workspace() {
    if (workspace) return workspace;
    const DevPtr at = (memory.next_free() + ptx::GlobalMemory::kAlignment - 1) /
                      ptx::GlobalMemory::kAlignment * ptx::GlobalMemory::kAlignment;
    memory.reserve(at, ptx::kGridWorkspaceBytes);
    const std::uint32_t init[2] = {static_cast<std::uint32_t>(ptx::kGridWorkspaceBytes), 0};
    memory.write(at, init, sizeof init);
    memory.advance_past(at + ptx::kGridWorkspaceBytes);
    if (options.timing) copies.emplace_back(at, ptx::kGridWorkspaceBytes);
    workspace = at;
    return workspace;
  }

  void check_range(DevPtr p, std::size_t bytes, const char* what) const {
    if (bytes == 0) return;
    if (!memory.valid(p, bytes)) {
      throw UsageError(
          fmt::format("{}: [0x{:x}, +{}) is not inside one device allocation", what, p, bytes));
    }
  }

  const KernelRef& kernel(const std::string& name) const {
    if (auto it = kernels.find(name); it != kernels.end()) return it->second;
    if (!kernel_names) {
      std::vector<std::string> names;
      for (const auto& [n, ref] : kernels) names.push_back(n);
      kernel_names.emplace(std::move(names), "kernel");
    }
    return kernels.at(kernel_names->find(name));
  }

  const Symbol& symbol(const std::string& name) const {
    if (auto it = symbols.find(name); it != symbols.end()) return it->second;
    if (!symbol_names) {
      std::vector<std::string> names;
      for (const auto& [n, sym] : symbols) names.push_back(n);
      symbol_names.emplace(std::move(names), "device symbol");
    }
    const std::string* found = symbol_names->find_if_known(name);
    if (!found) {
      throw UsageError(fmt::format(
          "device symbol '{}': not a .global or .const variable of a loaded module; the "
          "module's variables are: {}",
          name, symbol_names->listing()));
    }
    return symbols.at(*found);
  }
};

Runtime::Runtime(RuntimeOptions options) : impl_(std::make_unique<Impl>()) {
  if (options.warp_size != 32 && options.warp_size != 64) {
    throw UsageError(fmt::format("warp size {}: expected 32 or 64", options.warp_size));
  }
  if (const std::string why =
          ptx::large_warp_size_problem(options.large_warp_size, options.warp_size);
      !why.empty())
    throw UsageError(fmt::format("large warp size {}: {}", options.large_warp_size, why));
  impl_->options = options;
  impl_->memory.set_capacity(options.device_memory_bytes);
}

Runtime::~Runtime() = default;

void Runtime::load_ptx_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    throw UsageError(fmt::format("{}: cannot open PTX file", path));
  load_ptx(read_input_file(path, kMaxSourceBytes, "PTX file"), path);
}

void Runtime::load_ptx(std::string_view text, const std::string& name_for_errors) {
  ptx::ParseOptions po;
  po.global_base = impl_->memory.next_free();
  // Each module's functions get addresses of their own (ptx/function_address.h), below the
  // generic windows of the state spaces.
  constexpr std::size_t kMaxModules = 256;
  if (impl_->modules.size() >= kMaxModules)
    throw UsageError(
        fmt::format("{}: more than {} PTX modules loaded", name_for_errors, kMaxModules));
  po.function_base = ptx::kFunctionWindow + impl_->modules.size() * ptx::kFunctionWindowPerModule;
  auto m = std::make_unique<ptx::Module>(ptx::parse_module(text, name_for_errors, po));
  for (std::uint32_t i = 0; i < m->functions.size(); ++i) {
    const ptx::Function& f = m->functions[i];
    if (f.is_entry && !f.is_declaration && impl_->kernels.count(f.name)) {
      throw UsageError(fmt::format("{}: kernel '{}' is already loaded from another module",
                                   name_for_errors, f.name));
    }
  }
  for (const ptx::Variable& v : m->variables) {
    if (v.space != ptx::Space::Global && v.space != ptx::Space::Const) continue;
    impl_->memory.reserve(v.address, std::max<std::uint64_t>(v.size, 1));
    if (!v.init.empty()) impl_->memory.write(v.address, v.init.data(), v.init.size());
    if (!v.is_extern) impl_->symbols[v.name] = {v.address, v.size};
  }
  impl_->memory.advance_past(ptx::module_global_end(*m, po));
  for (std::uint32_t i = 0; i < m->functions.size(); ++i) {
    const ptx::Function& f = m->functions[i];
    if (f.is_entry && !f.is_declaration) impl_->kernels[f.name] = {m.get(), i};
  }
  impl_->kernel_names.reset();
  impl_->symbol_names.reset();
  impl_->modules.push_back(std::move(m));
}

namespace {

// The registers per thread a functional launch is checked with: --param regs_per_thread, else
// the kernel's own count.
RegisterCount functional_registers(const SmLimits& limits, const ptx::LaunchContext& ctx) {
  if (limits.regs_per_thread) return {limits.regs_per_thread, "--param regs_per_thread"};
  return {ctx.registers_per_thread, "declared by the workload, spec or program"};
}

DevPtr allocate_or_throw(ptx::GlobalMemory& memory, std::size_t bytes,
                         ptx::GlobalMemory::Backing backing) {
  if (const DevPtr p = memory.allocate(bytes, backing)) return p;
  const std::uint64_t free = memory.capacity() - memory.used();
  const std::string what = fmt::format("{} byte{}", bytes, bytes == 1 ? "" : "s");
  if (backing == ptx::GlobalMemory::Backing::kDevice && ptx::GlobalMemory::charge(bytes) > free)
    throw UsageError(
        fmt::format("{}: more than the device memory free ({} of {} bytes, [memory] device_bytes)",
                    what, free, memory.capacity()));
  throw UsageError(fmt::format("{}: more than the device's address space has left", what));
}

}  // namespace

DevPtr Runtime::malloc(std::size_t bytes) {
  return allocate_or_throw(impl_->memory, bytes, ptx::GlobalMemory::Backing::kDevice);
}

DevPtr Runtime::map_host(std::size_t bytes) {
  return allocate_or_throw(impl_->memory, bytes, ptx::GlobalMemory::Backing::kHost);
}

void Runtime::map_host_at(DevPtr address, std::size_t bytes) {
  if (!impl_->memory.place(address, bytes))
    throw UsageError(
        fmt::format("{} bytes at 0x{:x}: the range meets a device allocation", bytes, address));
}

Runtime::MemoryInfo Runtime::memory_info() const {
  return {impl_->memory.capacity(), impl_->memory.capacity() - impl_->memory.used()};
}

void Runtime::free(DevPtr ptr) {
  if (!impl_->memory.release(ptr)) {
    throw UsageError(fmt::format("free(0x{:x}): not the start of a live device allocation", ptr));
  }
}

void Runtime::memcpy_to_device(DevPtr dst, const void* src, std::size_t bytes) {
  impl_->check_range(dst, bytes, "memcpy_to_device");
  impl_->memory.write(dst, src, bytes);
  if (impl_->options.timing && bytes > 0) impl_->copies.emplace_back(dst, bytes);
}

void Runtime::memcpy_to_host(void* dst, DevPtr src, std::size_t bytes) {
  impl_->check_range(src, bytes, "memcpy_to_host");
  impl_->memory.read(src, dst, bytes);
}

void Runtime::memset(DevPtr dst, int value, std::size_t bytes) {
  impl_->check_range(dst, bytes, "memset");
  impl_->memory.fill(dst, static_cast<std::uint8_t>(value), bytes);
}

std::uint64_t Runtime::memory_digest() const {
  return impl_->memory.digest();
}

DevPtr Runtime::symbol_address(const std::string& name) const {
  return impl_->symbol(name).address;
}

std::uint64_t Runtime::symbol_bytes(const std::string& name) const {
  return impl_->symbol(name).bytes;
}

KernelInfo Runtime::kernel_info(const std::string& kernel) const {
  const Impl::KernelRef& ref = impl_->kernel(kernel);
  const ptx::Function& f = ref.module->functions[ref.index];
  KernelInfo info;
  info.name = f.name;
  for (const ptx::ParamDecl& p : f.params) info.params.push_back({p.name, p.type, p.size});
  return info;
}

void Runtime::set_heap_bytes(std::uint64_t bytes) {
  if (impl_->heap) {
    throw UsageError(fmt::format(
        "the malloc heap size cannot change once a kernel calling malloc or free has been "
        "launched (it is {} bytes)",
        impl_->heap_bytes));
  }
  if (bytes > impl_->memory.capacity())
    throw UsageError(fmt::format("a malloc heap of {} bytes, more than the device's {} bytes",
                                 bytes, impl_->memory.capacity()));
  impl_->heap_bytes = bytes;
}

std::uint64_t Runtime::heap_bytes() const {
  return impl_->heap_bytes;
}

std::uint64_t Runtime::ctas_per_sm(const std::string& kernel, Dim3 block,
                                   std::uint32_t dynamic_shared_bytes) {
  const Impl::KernelRef& ref = impl_->kernel(kernel);
  const ptx::Module& m = *ref.module;
  ptx::LaunchContext ctx;
  ctx.module = &m;
  ctx.kernel = ref.index;
  ctx.block = {block.x, block.y, block.z};
  ctx.warp_size = impl_->options.warp_size;
  ctx.dynamic_shared = dynamic_shared_bytes;
  ctx.registers_per_thread = impl_->registers_per_thread;
  ctx.shared_bytes = dynamic_shared_bytes ? m.dynamic_shared_base + dynamic_shared_bytes
                                          : m.functions[ref.index].shared_bytes;
  if (const TimingSession* session = impl_->options.timing.get()) {
    const sm::TimingConfig& config = session->config();
    ctx.large_warp_rows = config.large_warp_size ? config.large_warp_size / ctx.warp_size : 1;
    return gpu::ctas_per_sm(ctx, SmLimits::of(config), timing_registers(config, ctx));
  }
  if (impl_->options.large_warp_size)
    ctx.large_warp_rows = impl_->options.large_warp_size / impl_->options.warp_size;
  const SmLimits& limits =
      impl_->options.sm_limits ? *impl_->options.sm_limits : SmLimits::functional();
  return gpu::ctas_per_sm(ctx, limits, functional_registers(limits, ctx));
}

void Runtime::set_registers_per_thread(std::uint32_t registers) {
  impl_->registers_per_thread = registers;
}

LaunchStats Runtime::launch(const std::string& kernel, Dim3 grid, Dim3 block,
                            const std::vector<KernelArg>& args, std::uint32_t dynamic_shared_bytes,
                            bool cooperative) {
  const Impl::KernelRef& ref = impl_->kernel(kernel);
  const ptx::Module& m = *ref.module;
  const ptx::Function& f = m.functions[ref.index];
  if (args.size() != f.params.size()) {
    throw UsageError(fmt::format("launch '{}': expected {} arguments, got {}", kernel,
                                 f.params.size(), args.size()));
  }
  ptx::LaunchContext ctx;
  ctx.module = &m;
  ctx.kernel = ref.index;
  ctx.grid = {grid.x, grid.y, grid.z};
  ctx.block = {block.x, block.y, block.z};
  ctx.params.assign(f.param_bytes, 0);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const ptx::ParamDecl& p = f.params[i];
    if (args[i].bytes.size() != p.size) {
      throw UsageError(fmt::format("launch '{}': argument {} ('{}') takes {} bytes, got {}", kernel,
                                   i, p.name, p.size, args[i].bytes.size()));
    }
    std::memcpy(ctx.params.data() + p.offset, args[i].bytes.data(), p.size);
  }
  ctx.memory = &impl_->memory;
  ctx.warp_size = impl_->options.warp_size;
  ctx.dynamic_shared = dynamic_shared_bytes;
  ctx.registers_per_thread = impl_->registers_per_thread;
  if (cooperative) ctx.grid_workspace = impl_->grid_workspace();
  ctx.heap = impl_->heap_for(m);
  ctx.shared_bytes =
      dynamic_shared_bytes ? m.dynamic_shared_base + dynamic_shared_bytes : f.shared_bytes;
  LaunchStats s;
  s.kernel = f.name;
  std::optional<TerminalProgress> line;
  if (impl_->options.terminal_progress) line.emplace();
  if (TimingSession* session = impl_->options.timing.get()) {
    if (!impl_->timing_gpu) impl_->timing_gpu = std::make_unique<TimingGpu>(*session);
    // The session's own progress callback (warpforge sim's) wins; the line is for callers that
    // set none.
    const bool borrow = line && !session->progress;
    if (borrow) {
      session->progress = [&line](std::uint64_t cycles, std::uint64_t threads) {
        line->cycles(cycles, threads);
      };
    }
    struct Restore {
      TimingSession* session;
      bool borrowed;
      ~Restore() {
        if (borrowed) session->progress = nullptr;
      }
    } restore{session, borrow};
    for (const auto& [addr, bytes] : impl_->copies) impl_->timing_gpu->host_wrote(addr, bytes);
    impl_->copies.clear();
    const TimingLaunchResult r = impl_->timing_gpu->launch(ctx, impl_->options.instruction_limit);
    s.warp_instructions = r.warp_instructions;
    s.thread_instructions = r.thread_instructions;
    s.longest_quiet = r.longest_quiet;
    return s;
  }
  // Functional launches; the cycle model takes the machine's.
  if (impl_->options.large_warp_size)
    ctx.large_warp_rows = impl_->options.large_warp_size / impl_->options.warp_size;
  const SmLimits& limits =
      impl_->options.sm_limits ? *impl_->options.sm_limits : SmLimits::functional();
  const RegisterCount registers = functional_registers(limits, ctx);
  check_launch_limits(ctx, limits, registers);
  check_cooperative_launch(ctx, limits, registers);
  FunctionalOptions fo;
  fo.instruction_limit = impl_->options.instruction_limit;
  fo.livelock_window = impl_->options.livelock_window;
  fo.max_resident_threads = impl_->options.max_resident_threads;
  fo.progress_every = impl_->options.progress_every;
  if (line) fo.progress = [&](std::uint64_t n) { line->warp_instructions(f.name, n); };
  FunctionalResult r = run_functional(ctx, fo);
  s.warp_instructions = r.warp_instructions;
  s.thread_instructions = r.thread_instructions;
  s.longest_quiet = r.longest_quiet;
  return s;
}

}  // namespace wf::gpu
