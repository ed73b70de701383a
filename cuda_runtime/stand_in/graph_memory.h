// The allocations of graph memory nodes (cudaGraphAddMemAllocNode, and cudaMallocAsync in a
// capturing stream). CUDA fixes an allocation's address when the node is made and keeps it across
// instantiations and launches; the memory is the program's from the moment a launch runs the
// node until a free node, cudaFree or cudaFreeAsync frees it. Here the device range is reserved
// from the node's creation for as long as a graph holds the node or the allocation is live, and
// only liveness is tracked: a GPU faults on an access to a graph allocation outside its lifetime,
// this device serves it from the reserved range.
// The footprint (cudaDeviceGetGraphMemAttribute) follows CUDA's graph allocator, as CUDA
// samples' graphMemoryFootprint describes it: the physical memory associated with graphs grows to
// cover the live allocations and keeps what a free gives back, for later launches of any graph,
// until cudaDeviceGraphMemTrim returns what no live allocation needs. The allocator holds nothing
// else, so used and reserved are that same amount. It is accounting only: the device's memory
// (cudaMemGetInfo) holds each allocation from its node's creation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

#include "cuda_runtime/stand_in/cuda_abi.h"

namespace wf::cudart {

class GraphMemory {
 public:
  static GraphMemory& get();

  // A new allocation of `bytes` at *address, held once (by the node being made).
  cudaError_t create(std::size_t bytes, void** address);
  // Another node (a clone's) holds it; a node that goes drops it. The device range is released
  // once nothing holds the allocation and it is not live.
  void hold(void* address);
  void drop(void* address);
  bool contains(void* address) const;
  std::size_t bytes(void* address) const;
  // An allocation node runs: the allocation becomes live; cudaErrorInvalidValue if it still is
  // (a graph relaunched before its allocation was freed).
  cudaError_t allocate(void* address);
  // A free node runs, or cudaFree/cudaFreeAsync names a graph allocation: cudaErrorInvalidValue
  // when it is not live.
  cudaError_t free(void* address);
  bool live(void* address) const;

  struct Footprint {
    std::uint64_t used = 0, used_high = 0, reserved = 0, reserved_high = 0;
  };
  Footprint footprint() const;
  // cudaDeviceSetGraphMemAttribute: a high mark restarts from what is used or reserved now.
  void reset_used_high();
  void reset_reserved_high();
  void trim();

 private:
  struct Allocation {
    std::size_t bytes;
    unsigned holders;
    bool live;
  };
  // Never held while the device lock is taken: an allocation nothing holds that is not live is
  // released (cudaFree's free_device) after the mutex is let go.
  mutable std::mutex mutex_;
  std::map<void*, Allocation> allocations_;
  Footprint footprint_;
  std::uint64_t live_bytes_ = 0;
};

}  // namespace wf::cudart
