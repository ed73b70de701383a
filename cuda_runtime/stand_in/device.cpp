// The device: one GPU, described by the preset `warpforge exec` runs (DeviceInfo).
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/device_attributes.h"

using namespace wf::cudart;

namespace {

cudaError_t check_device(int device) {
  return device == 0 ? kCudaSuccess : record_error(kCudaErrorInvalidDevice);
}

}  // namespace

WF_CUDART_API cudaError_t cudaGetDeviceCount(int* count) {
  StandIn::get();  // connects, so that a program that only counts devices is still checked
  if (!count) return record_error(kCudaErrorInvalidValue);
  *count = 1;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaSetDevice(int device) {
  return check_device(device);
}
WF_CUDART_API cudaError_t cudaSetDeviceFlags(unsigned) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaGetDeviceFlags(unsigned* flags) {
  if (!flags) return record_error(kCudaErrorInvalidValue);
  *flags = 0;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGetDevice(int* device) {
  if (!device) return record_error(kCudaErrorInvalidValue);
  *device = 0;
  return kCudaSuccess;
}

// Every operation has finished when its call returns.
WF_CUDART_API cudaError_t cudaDeviceSynchronize() {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaDeviceReset() {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaProfilerStart() {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaProfilerStop() {
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaDriverGetVersion(int* version) {
  if (!version) return record_error(kCudaErrorInvalidValue);
  *version = 13000;
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaRuntimeGetVersion(int* version) {
  return cudaDriverGetVersion(version);
}

WF_CUDART_API cudaError_t cudaGetDeviceProperties(CudaDeviceProp* p, int device) {
  if (!p) return record_error(kCudaErrorInvalidValue);
  if (check_device(device) != kCudaSuccess) return kCudaErrorInvalidDevice;
  auto lock = lock_device();
  const DeviceInfo& d = StandIn::get().device();
  std::memset(p, 0, sizeof *p);
  std::strncpy(p->name, d.name, sizeof p->name - 1);
  p->totalGlobalMem = d.global_bytes;
  auto* bytes = reinterpret_cast<unsigned char*>(p);
  for (std::size_t i = 0; i < kPropertyAttributeCount; ++i) {
    const PropertyAttribute& f = kPropertyAttributes[i];
    const int v = device_attribute(d, f.attribute).value_or(0);
    if (f.wide) {
      const auto wide = static_cast<std::size_t>(static_cast<unsigned>(v));
      std::memcpy(bytes + f.offset, &wide, sizeof wide);
    } else {
      std::memcpy(bytes + f.offset, &v, sizeof v);
    }
  }
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaDeviceGetAttribute(int* value, int attribute, int device) {
  if (!value) return record_error(kCudaErrorInvalidValue);
  if (check_device(device) != kCudaSuccess) return kCudaErrorInvalidDevice;
  auto lock = lock_device();
  const std::optional<int> v = device_attribute(StandIn::get().device(), attribute);
  if (!v) return record_error(kCudaErrorInvalidValue);
  *value = *v;
  return kCudaSuccess;
}

// Occupancy the way the hardware computes it would need the compiled register count; the
// model's own occupancy (threads, CTA slots, shared memory) is what the launch will get.
WF_CUDART_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks,
                                                                        const void* func,
                                                                        int block_size,
                                                                        std::size_t shared) {
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  if (!blocks || block_size <= 0) return record_error(kCudaErrorInvalidValue);
  if (!s.kernel(func)) return record_error(kCudaErrorInvalidDeviceFunction);
  const DeviceInfo& d = s.device();
  const unsigned warps = (static_cast<unsigned>(block_size) + d.warp_size - 1) / d.warp_size;
  unsigned n = d.max_blocks_per_sm;
  n = std::min(n, d.max_threads_per_sm / (warps * d.warp_size));
  if (shared) n = std::min<unsigned>(n, static_cast<unsigned>(d.shared_bytes_per_sm / shared));
  *blocks = static_cast<int>(n);
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* blocks, const void* func, int block_size, std::size_t shared, unsigned) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, func, block_size, shared);
}

WF_CUDART_API cudaError_t cudaDeviceGetLimit(std::size_t* value, int limit) {
  if (!value) return record_error(kCudaErrorInvalidValue);
  // cudaLimitStackSize 0, PrintfFifoSize 1, MallocHeapSize 2: generous, nothing enforces them.
  if (limit < 0 || limit > 2) return record_error(kCudaErrorNotSupported);
  *value = std::size_t{1} << 20;
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaDeviceSetLimit(int limit, std::size_t) {
  if (limit < 0 || limit > 2) return record_error(kCudaErrorNotSupported);
  return kCudaSuccess;
}
