// Kernel launches: every launch path of the runtime ends here, runs on the simulated device and
// returns when the kernel has finished (a single in-order device).
#include <cstring>

#include "cuda_runtime/stand_in/api.h"

using namespace wf::cudart;

namespace {

cudaError_t launch(const void* host_function, dim3 grid, dim3 block, void** args,
                   std::size_t shared, bool cooperative = false) {
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  const KernelRecord* k = s.kernel(host_function);
  if (!k) return record_error(kCudaErrorInvalidDeviceFunction);
  WireWriter w;
  w.put_string(k->name);
  for (unsigned d : {grid.x, grid.y, grid.z, block.x, block.y, block.z}) w.put(d);
  w.put(std::uint64_t{shared});
  std::vector<std::uint8_t> params;
  for (std::size_t i = 0; i < k->param_sizes.size(); ++i) {
    if (!args || !args[i]) s.host_error("cudaLaunchKernel: " + k->name + ": argument missing");
    const auto* p = static_cast<const std::uint8_t*>(args[i]);
    params.insert(params.end(), p, p + k->param_sizes[i]);
  }
  w.put_bytes(params.data(), params.size());
  w.put(static_cast<std::uint8_t>(cooperative));
  s.mapped_host_memory().upload(s);
  const cudaError_t e = s.call(Op::kLaunch, w).error;
  s.mapped_host_memory().download(s);
  return record_error(e);
}

}  // namespace

WF_CUDART_API cudaError_t cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args,
                                           std::size_t shared, cudaStream_t) {
  return launch(func, grid, block, args, shared);
}

WF_CUDART_API cudaError_t cudaLaunchKernel_ptsz(const void* func, dim3 grid, dim3 block,
                                                void** args, std::size_t shared, cudaStream_t) {
  return launch(func, grid, block, args, shared);
}

WF_CUDART_API cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block,
                                             void** args, std::size_t shared, cudaStream_t) {
  return launch(kernel, grid, block, args, shared);
}

WF_CUDART_API cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid, dim3 block,
                                                  void** args, std::size_t shared, cudaStream_t) {
  return launch(kernel, grid, block, args, shared);
}

// The device gives the kernel cooperative groups' grid workspace and refuses a grid whose CTAs
// cannot all be resident at once (cudaErrorCooperativeLaunchTooLarge).
WF_CUDART_API cudaError_t cudaLaunchCooperativeKernel(const void* func, dim3 grid, dim3 block,
                                                      void** args, std::size_t shared,
                                                      cudaStream_t) {
  return launch(func, grid, block, args, shared, true);
}

WF_CUDART_API cudaError_t cudaLaunchCooperativeKernel_ptsz(const void* func, dim3 grid, dim3 block,
                                                           void** args, std::size_t shared,
                                                           cudaStream_t) {
  return launch(func, grid, block, args, shared, true);
}

WF_CUDART_API cudaError_t cudaFuncSetCacheConfig(const void*, int) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaFuncSetSharedMemConfig(const void*, int) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaFuncSetAttribute(const void*, int, int) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaDeviceSetCacheConfig(int) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaDeviceSetSharedMemConfig(int) {
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaFuncGetAttributes(CudaFuncAttributes* attributes, const void* func) {
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  if (!attributes) return record_error(kCudaErrorInvalidValue);
  if (!s.kernel(func)) return record_error(kCudaErrorInvalidDeviceFunction);
  std::memset(attributes, 0, sizeof *attributes);
  attributes->maxThreadsPerBlock = static_cast<int>(s.device().max_threads_per_block);
  attributes->ptxVersion = 75;
  attributes->binaryVersion = 75;
  attributes->maxDynamicSharedSizeBytes = static_cast<int>(s.device().shared_bytes_per_block);
  attributes->preferredShmemCarveout = -1;
  return kCudaSuccess;
}
