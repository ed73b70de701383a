// The runtime API host drivers program against: a CUDA-runtime-like surface, kept as small as
// DRAMsim3's public header. Functional execution now; the cycle model (issue 4) runs the same
// launches with timing behind the same API.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "sim_model/gpu/launch_limits.h"
#include "sim_model/gpu/livelock_report.h"
#include "sim_model/ptx/kernel_error.h"
#include "sim_model/ptx/types.h"

namespace wf::gpu {

class TimingSession;

// A kernel fault (trap, assert, bad access, instruction limit, deadlock): the program under
// test is wrong. Part of the contract so that drivers can tell it from bad input.
using KernelError = ptx::KernelError;

// A kernel that kept running without progress (no CTA finished, no store changed memory) for
// the livelock window: what() is the report's one-line message, report().details() the warp
// dump and the likely cause as `warpforge run` and `sim` print them (they exit with status 3).
class LivelockError : public KernelError {
 public:
  explicit LivelockError(LivelockReport report)
      : KernelError(report.message()), report_(std::move(report)) {}
  const LivelockReport& report() const { return report_; }

 private:
  LivelockReport report_;
};

using DevPtr = std::uint64_t;  // a device (global-space) address

struct Dim3 {
  std::uint32_t x = 1, y = 1, z = 1;
};

// One kernel argument, as the bytes of its .param slot.
struct KernelArg {
  std::vector<std::uint8_t> bytes;
  template <class T>
  static KernelArg of(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    KernelArg a;
    a.bytes.resize(sizeof(T));
    std::memcpy(a.bytes.data(), &value, sizeof(T));
    return a;
  }
};

// A kernel's parameter as the PTX declares it, for callers that check arguments by type.
struct KernelParam {
  std::string name;
  ptx::Type type = ptx::Type::None;  // a .b8 array (a struct passed by value) has type B8
  std::uint32_t size = 0;            // bytes
};

struct KernelInfo {
  std::string name;  // the PTX (mangled) name
  std::vector<KernelParam> params;
};

struct LaunchStats {
  std::string kernel;
  std::uint64_t warp_instructions = 0;    // dynamic instructions issued, counted per warp
  std::uint64_t thread_instructions = 0;  // the same, counted per active thread
  // The longest stretch without progress (see LivelockError), in warp instructions on the
  // functional executor, in cycles on the cycle model; resolution 1/64 of the window.
  std::uint64_t longest_quiet = 0;
};

struct RuntimeOptions {
  static constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();
  unsigned warp_size = 32;  // 64 for AMD-style wavefronts
  // Functional launches: run warps of this many threads, a multiple of warp_size up to 512, as
  // large warps (LWM; ptx/warp.h); 0 = ordinary warps. Timing launches take the machine's
  // [sm] large_warp_size instead.
  unsigned large_warp_size = 0;
  // Per launch, in warp instructions. A kernel that never finishes is caught by the livelock
  // window instead (or by the cycle model's watchdog when nothing issues).
  std::uint64_t instruction_limit = kUnlimited;
  // Functional launches: warp instructions without progress (no CTA finished, no store, atomic
  // or reduction changed a memory value) before the launch throws LivelockError; 0 never. The
  // cycle model's window is TimingConfig::livelock_cycles.
  std::uint64_t livelock_window = kDefaultLivelockWarpInstructions;
  // Print a progress line on stderr now and then (the caller decides whether stderr is a
  // terminal), erased when the launch ends. Timing launches show it only when the session has
  // no progress callback of its own.
  bool terminal_progress = false;
  // Functional launches: warp instructions between two updates of that line (a test shows one
  // line without running 2^24 instructions).
  std::uint64_t progress_every = kDefaultProgressWarpInstructions;
  // The SM functional launches must fit (threads, warps, registers, shared memory); unset: the
  // default preset's. Timing launches are checked against the session's machine.
  std::optional<SmLimits> sm_limits = std::nullopt;
  // Device memory malloc hands out, in bytes: what the live allocations hold, each counted in
  // whole 256-byte units. Unlimited (only the address space bounds it) unless a driver gives
  // the machine's size, as `warpforge exec` gives the preset's [memory] device_bytes.
  std::uint64_t device_memory_bytes = kUnlimited;
  // CTAs live at once in the functional model (in threads). Grids that fit run with every CTA
  // resident, so cross-CTA spin locks and grid barriers finish; larger grids run in waves.
  std::uint64_t max_resident_threads = 1u << 18;
  // Set: launches run on the cycle model (TimingGpu) with this session's machine and policies,
  // and their statistics land in the session. Unset: the functional driver.
  std::shared_ptr<TimingSession> timing = nullptr;
};

class Runtime {
 public:
  explicit Runtime(RuntimeOptions options = {});
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // Loads a PTX module; its kernels become launchable by name. Throws UsageError on bad PTX.
  void load_ptx_file(const std::string& path);
  void load_ptx(std::string_view text, const std::string& name_for_errors);

  // Throws UsageError when `bytes` is more than the device memory free (or than the address
  // space left); the allocations before stay as they were.
  DevPtr malloc(std::size_t bytes);
  // Addresses for host memory the device may dereference (pinned host memory, which `warpforge
  // exec` maps at the same address in the program): allocated as malloc's are, so that nothing
  // overlaps them, but not device memory. Released with free. Throws as malloc does.
  DevPtr map_host(std::size_t bytes);
  // The same for host memory the program already has at `address` (cudaHostRegister): the
  // device addresses it there. Released with free. Throws UsageError when the range meets an
  // allocation.
  void map_host_at(DevPtr address, std::size_t bytes);
  void free(DevPtr ptr);
  struct MemoryInfo {
    std::uint64_t total, free;  // free: total less what the live malloc allocations hold
  };
  MemoryInfo memory_info() const;
  void memcpy_to_device(DevPtr dst, const void* src, std::size_t bytes);
  void memcpy_to_host(void* dst, DevPtr src, std::size_t bytes);
  void memset(DevPtr dst, int value, std::size_t bytes);

  // Address and size of a module-scope .global/.const variable (cudaGetSymbolAddress,
  // cudaGetSymbolSize). Names are found as kernel names are (see launch). Throws UsageError if
  // no loaded module defines it.
  DevPtr symbol_address(const std::string& name) const;
  std::uint64_t symbol_bytes(const std::string& name) const;

  // The kernel `kernel` names (as launch finds it) and its parameters. Throws UsageError.
  KernelInfo kernel_info(const std::string& kernel) const;

  // Runs one kernel to completion (launches execute in order). `kernel` is its PTX name, its
  // demangled signature or its bare function name when that is unique (gpu/name_lookup.h).
  // Throws UsageError for an unknown kernel (listing the loaded ones), wrong arguments or a
  // launch the machine cannot run (gpu/launch_limits.h); throws KernelError on a kernel error
  // (trap, assert, bad access, instruction limit) with a message naming kernel, thread and PC;
  // LivelockError, a kernel error, on a livelock.
  // A `cooperative` launch (cudaLaunchCooperativeKernel) gets the grid-synchronization
  // workspace cooperative groups' grid.sync() uses (ptx/env_registers.h) and is refused, with
  // LaunchRefused::Limit::kCooperative, when its CTAs cannot all be resident at once
  // (gpu/cooperative_launch.h).
  LaunchStats launch(const std::string& kernel, Dim3 grid, Dim3 block,
                     const std::vector<KernelArg>& args, std::uint32_t dynamic_shared_bytes = 0,
                     bool cooperative = false);

  // The size of the heap kernels' malloc and new allocate from (cudaLimitMallocHeapSize; 8 MiB
  // unless set). Throws UsageError once a kernel that calls malloc or free has been launched,
  // when the heap exists, as CUDA refuses the change then.
  void set_heap_bytes(std::uint64_t bytes);
  std::uint64_t heap_bytes() const;

  // How many CTAs of `block` threads and `dynamic_shared_bytes` of `kernel` one SM holds at once,
  // on the machine launches run on, with the registers set_registers_per_thread gave
  // (cudaOccupancyMaxActiveBlocksPerMultiprocessor; gpu/cooperative_launch.h).
  std::uint64_t ctas_per_sm(const std::string& kernel, Dim3 block,
                            std::uint32_t dynamic_shared_bytes);

  // Registers per thread that later launches occupy (0: the cycle model estimates them from the
  // PTX). PTX names virtual registers, so only the caller knows what the compiled kernel uses.
  void set_registers_per_thread(std::uint32_t registers);

  // A hash of every byte of device memory ever written (live or freed), to compare runs.
  std::uint64_t memory_digest() const;

  // Typed conveniences for drivers.
  template <class T>
  DevPtr upload(const std::vector<T>& host) {
    DevPtr p = malloc(host.size() * sizeof(T));
    memcpy_to_device(p, host.data(), host.size() * sizeof(T));
    return p;
  }
  template <class T>
  std::vector<T> download(DevPtr src, std::size_t count) {
    std::vector<T> host(count);
    memcpy_to_host(host.data(), src, count * sizeof(T));
    return host;
  }

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace wf::gpu
