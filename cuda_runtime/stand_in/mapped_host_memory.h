// Pinned host memory the device can address (cudaMallocHost, cudaHostAlloc): with unified
// addressing a kernel may dereference it, as HeteroSync's lock data is. The program and the
// simulated device live in different processes, so each block exists twice at one address: a
// device allocation, and host pages mapped at the same (page-aligned) address in the program.
// The device only runs while the program waits for it, so copying every block to the device
// before a launch and back after it keeps both views equal wherever either can look.
#pragma once

#include <cstdint>
#include <map>

namespace wf::cudart {

class StandIn;

class MappedHostMemory {
 public:
  // Null when the device or the host address space cannot provide the block.
  void* allocate(StandIn& s, std::uint64_t size);
  // False when p is not a block allocate() returned.
  bool release(StandIn& s, void* p);
  bool contains(const void* p) const;
  // Before and after a kernel runs.
  void upload(StandIn& s) const;
  void download(StandIn& s) const;

 private:
  struct Block {
    std::uint64_t size;         // as the program asked
    std::uint64_t mapped;       // bytes of host pages
    std::uint64_t device_base;  // the device allocation holding the block
  };
  std::map<std::uint64_t, Block> blocks_;  // by address
};

}  // namespace wf::cudart
