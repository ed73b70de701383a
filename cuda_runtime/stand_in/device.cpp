// The device: one GPU, described by the preset `warpforge exec` runs (DeviceInfo).
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/device_attributes.h"
#include "cuda_runtime/stand_in/stream_capture.h"

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

// Every operation has finished when its call returns; only a capturing stream, whose work has
// not run, cannot be waited for.
WF_CUDART_API cudaError_t cudaDeviceSynchronize() {
  return check_device_wait();
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

// The device answers with the occupancy a launch of the kernel gets on the simulated SM (CTA
// slots, warps, threads, the registers ptxas gave the kernel, shared memory): the number a
// cooperative launch is checked against, so a grid sized by it is never refused.
WF_CUDART_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks,
                                                                        const void* func,
                                                                        int block_size,
                                                                        std::size_t shared) {
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  if (!blocks || block_size <= 0) return record_error(kCudaErrorInvalidValue);
  if (!s.kernel(func)) return record_error(kCudaErrorInvalidDeviceFunction);
  WireWriter w;
  w.put_string(s.kernel(func)->name);
  w.put(static_cast<std::uint32_t>(block_size)).put(std::uint64_t{shared});
  const Reply r = s.call(Op::kOccupancy, w);
  if (r.error != kCudaSuccess) return record_error(r.error);
  *blocks = static_cast<int>(r.reader().get<std::uint32_t>());
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* blocks, const void* func, int block_size, std::size_t shared, unsigned) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, func, block_size, shared);
}

// cudaLimitMallocHeapSize (2) is the device heap's (sim_model/ptx/device_heap.h), which the
// device keeps; cudaLimitStackSize 0 and PrintfFifoSize 1 are generous and nothing enforces them.
constexpr int kLimitMallocHeapSize = 2;

WF_CUDART_API cudaError_t cudaDeviceGetLimit(std::size_t* value, int limit) {
  if (!value) return record_error(kCudaErrorInvalidValue);
  if (limit < 0 || limit > 2) return record_error(kCudaErrorNotSupported);
  if (limit == kLimitMallocHeapSize) {
    auto lock = lock_device();
    WireWriter w;
    w.put(std::uint8_t{0}).put(std::uint64_t{0});
    const Reply r = StandIn::get().call(Op::kHeapSize, w);
    *value = static_cast<std::size_t>(r.reader().get<std::uint64_t>());
    return kCudaSuccess;
  }
  *value = std::size_t{1} << 20;
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaDeviceSetLimit(int limit, std::size_t value) {
  if (limit < 0 || limit > 2) return record_error(kCudaErrorNotSupported);
  if (limit == kLimitMallocHeapSize) {
    auto lock = lock_device();
    WireWriter w;
    w.put(std::uint8_t{1}).put(std::uint64_t{value});
    return record_error(StandIn::get().call(Op::kHeapSize, w).error);
  }
  return kCudaSuccess;
}
