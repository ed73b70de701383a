// Everything about one kernel launch that all of its warps share.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sim_model/ptx/device_heap.h"
#include "sim_model/ptx/global_memory.h"
#include "sim_model/ptx/module.h"

namespace wf::ptx {

struct Dim {
  std::uint32_t x = 1, y = 1, z = 1;
  std::uint64_t count() const { return std::uint64_t{x} * y * z; }
};

struct LaunchContext {
  const Module* module = nullptr;
  std::uint32_t kernel = 0;  // function index
  Dim grid, block;
  std::vector<std::uint8_t> params;  // kernel .param buffer
  GlobalMemory* memory = nullptr;
  unsigned warp_size = 32;  // the program's warp: lanes per row of a (large) warp
  // Rows per warp: 1, or K for large warps of K x warp_size threads (LWM; ptx/warp.h).
  unsigned large_warp_rows = 1;
  unsigned threads_per_warp() const { return warp_size * large_warp_rows; }
  std::uint32_t dynamic_shared = 0;
  std::uint32_t shared_bytes = 0;  // per CTA incl. dynamic
  std::uint32_t num_sms = 1;       // reported by %nsmid; CTAs are assigned %smid round robin
  std::uint64_t clock = 0;         // advanced by the driver; read by %clock/%clock64
  // Registers per thread the compiled kernel occupies, when the caller knows (0: unknown). Only
  // the cycle model's occupancy reads it.
  std::uint32_t registers_per_thread = 0;
  // A cooperative launch (cudaLaunchCooperativeKernel): its grid-synchronization workspace in
  // device memory, which %envreg1 (high half) and %envreg2 (low half) give the kernel; 0 for
  // an ordinary launch, where cooperative groups' grid.sync() traps as on a GPU.
  std::uint64_t grid_workspace = 0;
  // What kernels' malloc and free allocate from (device_heap.h); null when the module calls
  // neither.
  DeviceHeap* heap = nullptr;

  const Function& kernel_fn() const { return module->functions[kernel]; }
};

}  // namespace wf::ptx
