#include "cuda_runtime/stand_in/graph_memory.h"

#include <algorithm>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/memory_ops.h"

namespace wf::cudart {

GraphMemory& GraphMemory::get() {
  static GraphMemory m;
  return m;
}

cudaError_t GraphMemory::create(std::size_t bytes, void** address) {
  if (!address || bytes == 0) return record_error(kCudaErrorInvalidValue);
  const cudaError_t e = allocate_device(address, bytes);
  if (e != kCudaSuccess) return e;
  std::lock_guard lock(mutex_);
  allocations_[*address] = {bytes, 1, false};
  return kCudaSuccess;
}

void GraphMemory::hold(void* address) {
  std::lock_guard lock(mutex_);
  ++allocations_.at(address).holders;
}

void GraphMemory::drop(void* address) {
  {
    std::lock_guard lock(mutex_);
    Allocation& a = allocations_.at(address);
    if (--a.holders > 0 || a.live) return;
    allocations_.erase(address);
  }
  free_device(address);
}

bool GraphMemory::contains(void* address) const {
  std::lock_guard lock(mutex_);
  return allocations_.contains(address);
}

std::size_t GraphMemory::bytes(void* address) const {
  std::lock_guard lock(mutex_);
  const auto it = allocations_.find(address);
  return it == allocations_.end() ? 0 : it->second.bytes;
}

cudaError_t GraphMemory::allocate(void* address) {
  std::lock_guard lock(mutex_);
  Allocation& a = allocations_.at(address);
  if (a.live) return record_error(kCudaErrorInvalidValue);
  a.live = true;
  live_bytes_ += a.bytes;
  footprint_.used = footprint_.reserved = std::max(footprint_.reserved, live_bytes_);
  footprint_.used_high = std::max(footprint_.used_high, footprint_.used);
  footprint_.reserved_high = std::max(footprint_.reserved_high, footprint_.reserved);
  return kCudaSuccess;
}

cudaError_t GraphMemory::free(void* address) {
  {
    std::lock_guard lock(mutex_);
    const auto it = allocations_.find(address);
    if (it == allocations_.end() || !it->second.live) return record_error(kCudaErrorInvalidValue);
    it->second.live = false;
    live_bytes_ -= it->second.bytes;
    if (it->second.holders > 0) return kCudaSuccess;
    allocations_.erase(it);
  }
  free_device(address);
  return kCudaSuccess;
}

bool GraphMemory::live(void* address) const {
  std::lock_guard lock(mutex_);
  const auto it = allocations_.find(address);
  return it != allocations_.end() && it->second.live;
}

GraphMemory::Footprint GraphMemory::footprint() const {
  std::lock_guard lock(mutex_);
  return footprint_;
}

void GraphMemory::reset_used_high() {
  std::lock_guard lock(mutex_);
  footprint_.used_high = footprint_.used;
}

void GraphMemory::reset_reserved_high() {
  std::lock_guard lock(mutex_);
  footprint_.reserved_high = footprint_.reserved;
}

void GraphMemory::trim() {
  std::lock_guard lock(mutex_);
  footprint_.used = footprint_.reserved = live_bytes_;
}

}  // namespace wf::cudart
