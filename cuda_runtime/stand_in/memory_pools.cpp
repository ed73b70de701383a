// Stream-ordered allocation from memory pools: the device's default pool, pools the program
// creates, and cudaMallocAsync/cudaMallocFromPoolAsync/cudaFreeAsync. On a single in-order
// device an allocation is ready when its call returns, so a pool is cudaMalloc with accounting:
// it keeps nothing reserved after a free (its reserved memory is what its live allocations
// hold), whatever release threshold the program sets, which cudaMemGetInfo then shows.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <set>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/memory_ops.h"
#include "cuda_runtime/stand_in/stream_capture.h"

using namespace wf::cudart;

namespace {

enum PoolAttribute : int {
  kReuseFollowEventDependencies = 1,
  kReuseAllowOpportunistic = 2,
  kReuseAllowInternalDependencies = 3,
  kReleaseThreshold = 4,
  kReservedMemCurrent = 5,
  kReservedMemHigh = 6,
  kUsedMemCurrent = 7,
  kUsedMemHigh = 8,
};

struct Pool {
  int reuse[3] = {1, 1, 1};  // the three reuse policies, on by default
  std::uint64_t release_threshold = 0;
  std::uint64_t used = 0, used_high = 0, reserved_high = 0;
};

struct Pools {
  Pool default_pool;
  Pool* current = &default_pool;
  std::set<Pool*> created;
  std::map<void*, std::pair<Pool*, std::uint64_t>> allocations;  // pointer -> pool, bytes

  bool valid(Pool* p) const { return p == &default_pool || created.contains(p); }
};

Pools& pools() {
  static Pools p;
  return p;
}

cudaError_t allocate(void** p, std::size_t size, Pool* pool) {
  if (!p) return record_error(kCudaErrorInvalidValue);
  {
    auto lock = lock_device();
    if (!pools().valid(pool)) return record_error(kCudaErrorInvalidValue);
  }
  const cudaError_t e = allocate_device(p, size);
  if (e != kCudaSuccess) return e;
  auto lock = lock_device();
  pools().allocations[*p] = {pool, size};
  pool->used += size;
  pool->used_high = std::max(pool->used_high, pool->used);
  pool->reserved_high = std::max(pool->reserved_high, pool->used);
  return kCudaSuccess;
}

}  // namespace

void wf::cudart::forget_pool_allocation(void* p) {
  auto& allocations = pools().allocations;
  if (const auto it = allocations.find(p); it != allocations.end()) {
    it->second.first->used -= it->second.second;
    allocations.erase(it);
  }
}

// In a capturing stream, stream-ordered allocation makes graph memory nodes (graph_memory.h).
namespace {

// In a capturing stream an allocation is an allocation node, whose address the call returns.
NodeMaker alloc_node(void** p, std::size_t size) {
  return [p, size](CudaGraphNode& n) -> cudaError_t {
    if (!p) return record_error(kCudaErrorInvalidValue);
    const cudaError_t e = make_alloc_node(n, size);
    if (e == kCudaSuccess) *p = n.allocation.address();
    return e;
  };
}

}  // namespace

WF_CUDART_API cudaError_t cudaMallocAsync(void** p, std::size_t size, cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(stream, alloc_node(p, size), &e)) return e;
  Pool* pool = nullptr;
  {
    auto lock = lock_device();
    pool = pools().current;
  }
  return allocate(p, size, pool);
}
WF_CUDART_API cudaError_t cudaMallocAsync_ptsz(void** p, std::size_t size, cudaStream_t s) {
  return cudaMallocAsync(p, size, per_thread(s));
}
WF_CUDART_API cudaError_t cudaMallocFromPoolAsync(void** p, std::size_t size, Pool* pool,
                                                  cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(stream, alloc_node(p, size), &e)) return e;
  return allocate(p, size, pool);
}
WF_CUDART_API cudaError_t cudaMallocFromPoolAsync_ptsz(void** p, std::size_t size, Pool* pool,
                                                       cudaStream_t stream) {
  return cudaMallocFromPoolAsync(p, size, pool, per_thread(stream));
}

// cudaFree may free what cudaMallocAsync allocated, and tells the pool (forget_pool_allocation).
WF_CUDART_API cudaError_t cudaFreeAsync(void* p, cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(
          stream, [p](CudaGraphNode& n) { return make_free_node(n, p); }, &e))
    return e;
  if (GraphMemory::get().contains(p)) return GraphMemory::get().free(p);
  return free_device(p);
}
WF_CUDART_API cudaError_t cudaFreeAsync_ptsz(void* p, cudaStream_t s) {
  return cudaFreeAsync(p, per_thread(s));
}

WF_CUDART_API cudaError_t cudaDeviceGetDefaultMemPool(Pool** pool, int device) {
  if (!pool) return record_error(kCudaErrorInvalidValue);
  if (device != 0) return record_error(kCudaErrorInvalidDevice);
  auto lock = lock_device();
  *pool = &pools().default_pool;
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaDeviceGetMemPool(Pool** pool, int device) {
  if (!pool) return record_error(kCudaErrorInvalidValue);
  if (device != 0) return record_error(kCudaErrorInvalidDevice);
  auto lock = lock_device();
  *pool = pools().current;
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaDeviceSetMemPool(int device, Pool* pool) {
  if (device != 0) return record_error(kCudaErrorInvalidDevice);
  auto lock = lock_device();
  if (!pools().valid(pool)) return record_error(kCudaErrorInvalidValue);
  pools().current = pool;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaMemPoolCreate(Pool** pool, const CudaMemPoolProps* props) {
  if (!pool || !props) return record_error(kCudaErrorInvalidValue);
  // Pinned device memory of device 0 (cudaMemLocationTypeDevice), shared with no one.
  if (props->alloc_type != 1 || props->location_type != 1 || props->location_id != 0)
    return record_error(kCudaErrorInvalidValue);
  if (props->handle_types != 0) return record_error(kCudaErrorNotSupported);
  auto lock = lock_device();
  *pool = new Pool;
  pools().created.insert(*pool);
  return kCudaSuccess;
}

// Memory still allocated from the pool stays valid until freed, as CUDA defines.
WF_CUDART_API cudaError_t cudaMemPoolDestroy(Pool* pool) {
  auto lock = lock_device();
  Pools& all = pools();
  if (!all.created.contains(pool)) return record_error(kCudaErrorInvalidValue);
  if (all.current == pool) all.current = &all.default_pool;
  for (auto& [p, owner] : all.allocations)
    if (owner.first == pool) owner.first = &all.default_pool;
  all.created.erase(pool);
  delete pool;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaMemPoolTrimTo(Pool* pool, std::size_t) {
  auto lock = lock_device();
  return pools().valid(pool) ? kCudaSuccess : record_error(kCudaErrorInvalidValue);
}

WF_CUDART_API cudaError_t cudaMemPoolSetAttribute(Pool* pool, int attribute, void* value) {
  auto lock = lock_device();
  if (!pools().valid(pool) || !value) return record_error(kCudaErrorInvalidValue);
  std::uint64_t v64 = 0;
  switch (attribute) {
    case kReuseFollowEventDependencies:
    case kReuseAllowOpportunistic:
    case kReuseAllowInternalDependencies:
      std::memcpy(&pool->reuse[attribute - 1], value, sizeof(int));
      return kCudaSuccess;
    case kReleaseThreshold:
      std::memcpy(&pool->release_threshold, value, sizeof v64);
      return kCudaSuccess;
    case kReservedMemHigh:
    case kUsedMemHigh:
      // Only a reset to 0 is allowed; the high mark restarts from what is held now.
      std::memcpy(&v64, value, sizeof v64);
      if (v64 != 0) return record_error(kCudaErrorInvalidValue);
      (attribute == kUsedMemHigh ? pool->used_high : pool->reserved_high) = pool->used;
      return kCudaSuccess;
    default:
      return record_error(kCudaErrorInvalidValue);
  }
}

WF_CUDART_API cudaError_t cudaMemPoolGetAttribute(Pool* pool, int attribute, void* value) {
  auto lock = lock_device();
  if (!pools().valid(pool) || !value) return record_error(kCudaErrorInvalidValue);
  std::uint64_t v64 = 0;
  switch (attribute) {
    case kReuseFollowEventDependencies:
    case kReuseAllowOpportunistic:
    case kReuseAllowInternalDependencies:
      std::memcpy(value, &pool->reuse[attribute - 1], sizeof(int));
      return kCudaSuccess;
    case kReleaseThreshold:
      v64 = pool->release_threshold;
      break;
    case kReservedMemCurrent:
    case kUsedMemCurrent:
      v64 = pool->used;
      break;
    case kReservedMemHigh:
      v64 = pool->reserved_high;
      break;
    case kUsedMemHigh:
      v64 = pool->used_high;
      break;
    default:
      return record_error(kCudaErrorInvalidValue);
  }
  std::memcpy(value, &v64, sizeof v64);
  return kCudaSuccess;
}
