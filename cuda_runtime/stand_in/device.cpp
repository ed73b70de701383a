// The device: one GPU, described by the preset `warpforge exec` runs (DeviceInfo), with compute
// capability 7.5 because the PTX warpforge executes is what nvcc emits for sm_75.
#include <algorithm>
#include <cstring>
#include <string>

#include "cuda_runtime/stand_in/api.h"

using namespace wf::cudart;

namespace {

constexpr int kMajor = 7, kMinor = 5;
constexpr int kMaxGrid[3] = {2147483647, 65535, 65535};
constexpr int kMaxBlock[3] = {1024, 1024, 64};

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
  p->sharedMemPerBlock = d.shared_bytes_per_block;
  p->regsPerBlock = static_cast<int>(d.registers_per_sm);
  p->warpSize = static_cast<int>(d.warp_size);
  p->memPitch = 2147483647;
  p->maxThreadsPerBlock = static_cast<int>(d.max_threads_per_block);
  for (int i = 0; i < 3; ++i) {
    p->maxThreadsDim[i] = kMaxBlock[i];
    p->maxGridSize[i] = kMaxGrid[i];
  }
  p->totalConstMem = d.const_bytes;
  p->major = kMajor;
  p->minor = kMinor;
  p->textureAlignment = 512;
  p->texturePitchAlignment = 32;
  p->multiProcessorCount = static_cast<int>(d.multiprocessors);
  p->surfaceAlignment = 512;
  p->memoryBusWidth = static_cast<int>(d.memory_bus_bits);
  p->l2CacheSize = static_cast<int>(d.l2_bytes);
  p->maxThreadsPerMultiProcessor = static_cast<int>(d.max_threads_per_sm);
  p->globalL1CacheSupported = 1;
  p->localL1CacheSupported = 1;
  p->sharedMemPerMultiprocessor = d.shared_bytes_per_sm;
  p->regsPerMultiprocessor = static_cast<int>(d.registers_per_sm);
  p->sharedMemPerBlockOptin = d.shared_bytes_per_block;
  p->maxBlocksPerMultiProcessor = static_cast<int>(d.max_blocks_per_sm);
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaDeviceGetAttribute(int* value, int attribute, int device) {
  if (!value) return record_error(kCudaErrorInvalidValue);
  if (check_device(device) != kCudaSuccess) return kCudaErrorInvalidDevice;
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  const DeviceInfo& d = s.device();
  auto i = [](std::uint64_t v) { return static_cast<int>(v); };
  switch (attribute) {
    case 1:
      *value = i(d.max_threads_per_block);
      break;
    case 2:
    case 3:
    case 4:
      *value = kMaxBlock[attribute - 2];
      break;
    case 5:
    case 6:
    case 7:
      *value = kMaxGrid[attribute - 5];
      break;
    case 8:
    case 97:
      *value = i(d.shared_bytes_per_block);
      break;
    case 9:
      *value = i(d.const_bytes);
      break;
    case 10:
      *value = i(d.warp_size);
      break;
    case 12:
    case 82:
      *value = i(d.registers_per_sm);
      break;
    case 13:
      *value = i(d.core_clock_khz);
      break;
    case 16:
      *value = i(d.multiprocessors);
      break;
    case 18:
    case 31:
    case 41:
    case 83:
    case 95:
      *value = attribute == 41;
      break;
    case 36:
      *value = i(d.memory_clock_khz);
      break;
    case 37:
      *value = i(d.memory_bus_bits);
      break;
    case 38:
      *value = i(d.l2_bytes);
      break;
    case 39:
      *value = i(d.max_threads_per_sm);
      break;
    case 75:
      *value = kMajor;
      break;
    case 76:
      *value = kMinor;
      break;
    case 81:
      *value = i(d.shared_bytes_per_sm);
      break;
    case 106:
      *value = i(d.max_blocks_per_sm);
      break;
    default:
      // Answering 0 would silently steer the program; say which attribute is missing instead.
      s.host_error("cudaDeviceGetAttribute: attribute " + std::to_string(attribute) +
                   " (cudaDeviceAttr) is not described by the stand-in");
  }
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
