#include "cuda_runtime/server/exec_server.h"

#include <cstdio>
#include <limits>
#include <span>
#include <stdexcept>

#include <fmt/format.h>

#include "cuda_runtime/server/cubin_registers.h"
#include "cuda_runtime/server/fatbinary.h"
#include "cuda_runtime/stand_in/cuda_abi.h"
#include "sim_model/common/error.h"
#include "sim_model/gpu/name_lookup.h"

namespace wf::cudart {
namespace {

// A request the program gets a CUDA error for; the reason goes to stderr, since a program
// that ignores return codes would otherwise compute on silently.
struct CudaFailure {
  cudaError_t code;
  std::string message;
  bool launch = false;  // a refused launch: each message is noted once
};

std::vector<std::uint8_t> ok(const WireWriter& w = {}) {
  return w.bytes();
}

}  // namespace

// The byte size of each parameter of a kernel the program's PTX defines; empty when none does
// (the program registered a kernel whose PTX it did not carry).
std::optional<std::vector<std::uint32_t>> ExecServer::parameter_sizes(
    const std::string& kernel) const {
  try {
    std::vector<std::uint32_t> sizes;
    for (const gpu::KernelParam& p : runtime_.kernel_info(kernel).params) sizes.push_back(p.size);
    return sizes;
  } catch (const UsageError&) {
    return std::nullopt;
  }
}

ExecServer::ExecServer(gpu::Runtime& runtime, const DeviceInfo& device, std::string program,
                       Hooks hooks)
    : runtime_(runtime), device_(device), program_(std::move(program)), hooks_(std::move(hooks)) {}

void ExecServer::fail(int status, const std::string& message) const {
  std::fflush(stdout);
  fmt::print(stderr, "warpforge: {}\n", message);
  throw Terminate{status};
}

ServeOutcome ExecServer::serve(Channel& channel) {
  ServeOutcome outcome;
  for (;;) {
    std::optional<Frame> f;
    try {
      f = channel.receive();
    } catch (const std::runtime_error& e) {
      fmt::print(stderr, "warpforge: error: {}: {}\n", program_, e.what());
      outcome.exit_status = 1;
      return outcome;
    }
    if (!f) return outcome;
    const auto op = static_cast<Op>(f->code);
    if (op == Op::kHello) outcome.connected = true;
    WireReader in(f->payload);
    try {
      const std::vector<std::uint8_t> reply = handle(op, in);
      if (!channel.send(static_cast<std::uint32_t>(Status::kOk), reply)) return outcome;
    } catch (const CudaFailure& e) {
      if (!e.launch || launch_notes_.insert(e.message).second)
        fmt::print(stderr, "warpforge: note: {} (the program gets {})\n", e.message, e.code);
      WireWriter w;
      w.put(static_cast<std::uint32_t>(e.code));
      if (!channel.send(static_cast<std::uint32_t>(Status::kCudaError), w.bytes())) return outcome;
    } catch (const Terminate& t) {
      WireWriter w;
      w.put(static_cast<std::uint32_t>(t.status));
      channel.send(static_cast<std::uint32_t>(Status::kTerminate), w.bytes());
      outcome.exit_status = t.status;
      return outcome;
    } catch (const std::runtime_error& e) {  // a malformed request
      fmt::print(stderr, "warpforge: error: {}: {}\n", program_, e.what());
      outcome.exit_status = 1;
      return outcome;
    }
  }
}

std::vector<std::uint8_t> ExecServer::handle(Op op, WireReader& in) {
  WireWriter w;
  switch (op) {
    case Op::kHello: {
      if (hello_seen_)
        fail(2, fmt::format("error: {}: a second CUDA program started under one `warpforge exec` "
                            "(a script that runs several?); exec runs one CUDA program, so run "
                            "each under its own",
                            program_));
      hello_seen_ = true;
      const auto version = in.get<std::uint32_t>();
      if (version != kProtocolVersion)
        fail(2, fmt::format("error: {}: loaded a libcudart.so.13 stand-in of protocol version {}, "
                            "this warpforge speaks {}",
                            program_, version, kProtocolVersion));
      w.put_bytes(&device_, sizeof device_);
      return ok(w);
    }
    case Op::kRegisterModule: {
      const std::string_view bytes = in.get_bytes();
      const std::string what = fmt::format("{}: fatbinary {}", program_, modules_);
      try {
        const auto entries = fatbinary_entries(
            std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), what);
        const FatbinaryEntry& ptx = choose_ptx(entries, what);
        runtime_.load_ptx(ptx.data, fmt::format("{} (PTX for sm_{})", what, ptx.arch));
        if (const FatbinaryEntry* cubin = choose_cubin(entries, ptx.arch))
          registers_.merge(cubin_register_counts(cubin->data));
      } catch (const UsageError& e) {
        fail(2, fmt::format("error: {}", e.what()));
      }
      w.put(modules_++);
      return ok(w);
    }
    case Op::kRegisterFunction: {
      in.get<std::uint32_t>();  // kernels are global across modules in the runtime
      const std::string name = in.get_string();
      const std::optional<std::vector<std::uint32_t>> sizes = parameter_sizes(name);
      w.put(static_cast<std::uint8_t>(sizes.has_value()));
      w.put(static_cast<std::uint32_t>(sizes ? sizes->size() : 0));
      if (sizes)
        for (std::uint32_t s : *sizes) w.put(s);
      return ok(w);
    }
    case Op::kRegisterVar: {
      in.get<std::uint32_t>();
      const std::string name = in.get_string();
      in.get<std::uint64_t>();
      std::uint64_t address = 0;
      bool found = true;
      try {
        address = runtime_.symbol_address(name);
      } catch (const UsageError&) {
        found = false;
      }
      w.put(static_cast<std::uint8_t>(found)).put(address);
      return ok(w);
    }
    case Op::kMalloc: {
      const auto bytes = in.get<std::uint64_t>();
      const auto kind = static_cast<MallocKind>(in.get<std::uint8_t>());
      const bool host = kind != MallocKind::kDevice;
      try {
        w.put(host ? runtime_.map_host(bytes) : runtime_.malloc(bytes));
      } catch (const UsageError& e) {
        const char* call = kind == MallocKind::kManaged ? "cudaMallocManaged"
                           : host                       ? "cudaMallocHost"
                                                        : "cudaMalloc";
        throw CudaFailure{kCudaErrorMemoryAllocation, fmt::format("{}: {}", call, e.what())};
      }
      return ok(w);
    }
    case Op::kMapHostAt: {
      const auto address = in.get<std::uint64_t>();
      const auto bytes = in.get<std::uint64_t>();
      try {
        runtime_.map_host_at(address, bytes);
      } catch (const UsageError& e) {
        throw CudaFailure{kCudaErrorInvalidValue, fmt::format("cudaHostRegister: {}", e.what())};
      }
      return ok();
    }
    case Op::kMemoryInfo: {
      const gpu::Runtime::MemoryInfo m = runtime_.memory_info();
      w.put(m.free).put(m.total);
      return ok(w);
    }
    case Op::kFree: {
      const auto p = in.get<std::uint64_t>();
      try {
        runtime_.free(p);
      } catch (const UsageError& e) {
        throw CudaFailure{kCudaErrorInvalidDevicePointer, fmt::format("cudaFree: {}", e.what())};
      }
      return ok();
    }
    case Op::kCopyToDevice: {
      const auto dst = in.get<std::uint64_t>();
      const std::string_view data = in.get_bytes();
      try {
        runtime_.memcpy_to_device(dst, data.data(), data.size());
      } catch (const UsageError& e) {
        throw CudaFailure{kCudaErrorInvalidValue, fmt::format("cudaMemcpy: {}", e.what())};
      }
      return ok();
    }
    case Op::kCopyToHost: {
      const auto src = in.get<std::uint64_t>();
      const auto size = in.get<std::uint64_t>();
      std::vector<std::uint8_t> data(size);
      try {
        runtime_.memcpy_to_host(data.data(), src, size);
      } catch (const UsageError& e) {
        throw CudaFailure{kCudaErrorInvalidValue, fmt::format("cudaMemcpy: {}", e.what())};
      }
      w.put_bytes(data.data(), data.size());
      return ok(w);
    }
    case Op::kCopyOnDevice: {
      const auto dst = in.get<std::uint64_t>();
      const auto src = in.get<std::uint64_t>();
      const auto size = in.get<std::uint64_t>();
      try {
        std::vector<std::uint8_t> data(size);
        runtime_.memcpy_to_host(data.data(), src, size);
        runtime_.memcpy_to_device(dst, data.data(), size);
      } catch (const UsageError& e) {
        throw CudaFailure{kCudaErrorInvalidValue,
                          fmt::format("cudaMemcpy device to device: {}", e.what())};
      }
      return ok();
    }
    case Op::kMemset: {
      const auto dst = in.get<std::uint64_t>();
      const auto value = in.get<std::int32_t>();
      const auto size = in.get<std::uint64_t>();
      try {
        runtime_.memset(dst, value, size);
      } catch (const UsageError& e) {
        throw CudaFailure{kCudaErrorInvalidValue, fmt::format("cudaMemset: {}", e.what())};
      }
      return ok();
    }
    case Op::kHeapSize: {
      const bool set = in.get<std::uint8_t>() != 0;
      const auto bytes = in.get<std::uint64_t>();
      if (set) {
        try {
          runtime_.set_heap_bytes(bytes);
        } catch (const UsageError& e) {
          throw CudaFailure{
              kCudaErrorInvalidValue,
              fmt::format("cudaDeviceSetLimit(cudaLimitMallocHeapSize): {}", e.what())};
        }
      }
      w.put(runtime_.heap_bytes());
      return ok(w);
    }
    case Op::kOccupancy: {
      const std::string kernel = in.get_string();
      const auto threads = in.get<std::uint32_t>();
      const auto shared = in.get<std::uint64_t>();
      if (!parameter_sizes(kernel))
        throw CudaFailure{
            kCudaErrorInvalidDeviceFunction,
            fmt::format("occupancy of '{}': no PTX of the program defines it", kernel)};
      // As a launch of the kernel would occupy the SM: its registers from the program's cubin.
      const auto regs = registers_.find(kernel);
      runtime_.set_registers_per_thread(regs == registers_.end() ? 0 : regs->second);
      const std::uint64_t n =
          shared > std::numeric_limits<std::uint32_t>::max()
              ? 0
              : runtime_.ctas_per_sm(kernel, {threads, 1, 1}, static_cast<std::uint32_t>(shared));
      w.put(static_cast<std::uint32_t>(n));
      return ok(w);
    }
    case Op::kLaunch:
      return launch(in);
    case Op::kNow:
      w.put(hooks_.now ? hooks_.now() : std::uint64_t{0});
      return ok(w);
    case Op::kUnimplemented:
      fail(2, fmt::format("error: {} called {}, which warpforge's CUDA runtime stand-in does not "
                          "implement (docs/exec.md lists what it does)",
                          program_, in.get_string()));
    case Op::kHostError:
      fail(2, fmt::format("error: {}: {}", program_, in.get_string()));
  }
  throw std::runtime_error(fmt::format("exec protocol: unknown request {}", static_cast<int>(op)));
}

std::vector<std::uint8_t> ExecServer::launch(WireReader& in) {
  const std::string kernel = in.get_string();
  std::uint32_t d[6];
  for (auto& v : d) v = in.get<std::uint32_t>();
  const auto shared = in.get<std::uint64_t>();
  const std::string_view params = in.get_bytes();
  const bool cooperative = in.get<std::uint8_t>() != 0;
  const std::optional<std::vector<std::uint32_t>> sizes = parameter_sizes(kernel);
  if (!sizes)
    throw CudaFailure{kCudaErrorInvalidDeviceFunction,
                      fmt::format("launch of '{}': no PTX of the program defines it", kernel)};
  std::vector<gpu::KernelArg> args;
  std::size_t at = 0;
  for (std::uint32_t s : *sizes) {
    if (params.size() - at < s) throw std::runtime_error("exec protocol: launch arguments short");
    gpu::KernelArg a;
    a.bytes.assign(params.begin() + at, params.begin() + at + s);
    args.push_back(std::move(a));
    at += s;
  }
  // The runtime takes 32 bits of dynamic shared memory; a larger size_t must not wrap into a
  // small one that fits.
  if (shared > std::numeric_limits<std::uint32_t>::max())
    throw CudaFailure{kCudaErrorInvalidConfiguration,
                      fmt::format("launch '{}': {} bytes of dynamic shared memory per CTA, "
                                  "expected at most an SM's",
                                  gpu::demangle(kernel), shared),
                      true};
  ExecLaunch l;
  l.grid = {d[0], d[1], d[2]};
  l.block = {d[3], d[4], d[5]};
  l.start_cycle = hooks_.now ? hooks_.now() : 0;
  // ptxas's count for the compiled kernel when the program carries machine code, else the cycle
  // model's estimate from the PTX (0); --param regs_per_thread overrides both.
  const auto regs = registers_.find(kernel);
  runtime_.set_registers_per_thread(regs == registers_.end() ? 0 : regs->second);
  std::fflush(stdout);
  try {
    l.stats = runtime_.launch(kernel, l.grid, l.block, args, static_cast<std::uint32_t>(shared),
                              cooperative);
  } catch (const gpu::LivelockError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "warpforge: livelock: {}\n{}", e.what(), e.report().details());
    throw Terminate{3};
  } catch (const gpu::KernelError& e) {
    const auto [status, dump] =
        hooks_.failure ? hooks_.failure() : std::pair<std::string, std::string>{};
    if (status == "deadlock") {
      std::fflush(stdout);
      fmt::print(stderr, "warpforge: deadlock: {}\n{}", e.what(), dump);
      throw Terminate{3};
    }
    fail(1, fmt::format("kernel fault: {}", e.what()));
  } catch (const gpu::LaunchRefused& e) {
    // CUDA would run a grid over warpforge's per-launch limit, so the program is not told of an
    // error it could not have caused: exec ends, as for other input warpforge cannot take.
    if (e.limit() == gpu::LaunchRefused::Limit::kSimulator)
      fail(2, fmt::format("error: {}: {}", program_, e.what()));
    if (e.limit() == gpu::LaunchRefused::Limit::kCooperative)
      throw CudaFailure{kCudaErrorCooperativeLaunchTooLarge, e.what(), true};
    throw CudaFailure{kCudaErrorInvalidConfiguration, e.what(), true};
  } catch (const UsageError& e) {
    throw CudaFailure{kCudaErrorInvalidConfiguration, e.what(), true};
  }
  l.end_cycle = hooks_.now ? hooks_.now() : 0;
  launches_.push_back(std::move(l));
  return ok();
}

}  // namespace wf::cudart
