// Pinned host memory the device can address (cudaMallocHost, cudaHostAlloc): with unified
// addressing a kernel may dereference it, as HeteroSync's lock data is. Managed memory
// (cudaMallocManaged, __managed__ variables) is the same mechanism: one address that host and
// device share. The program and the
// simulated device live in different processes, so each block exists twice at one address: a
// device allocation, and host pages mapped at the same (page-aligned) address in the program.
// The device only runs while the program waits for it, so copying every block to the device
// before a launch and back after it keeps both views equal wherever either can look.
#pragma once

#include <cstdint>
#include <map>
#include <set>

#include "cuda_runtime/stand_in/cuda_abi.h"

namespace wf::cudart {

class StandIn;

class MappedHostMemory {
 public:
  // kRegistered: the program's own memory, which cudaHostRegister makes addressable at its
  // address, so it has no pages of ours.
  enum class Kind { kPinned, kManaged, kVariable, kRegistered };

  // Null when the device or the host address space cannot provide the block.
  void* allocate(StandIn& s, std::uint64_t size, Kind kind = Kind::kPinned);
  // False when p is not a block of this kind that allocate() returned.
  bool release(StandIn& s, void* p, Kind kind = Kind::kPinned);
  // Maps host pages over a module variable the device already holds at `address` (a
  // __managed__ variable) and fills them with its device contents; false when the host
  // address space has something else there. Variables live as long as the process.
  bool map_variable(StandIn& s, std::uint64_t address, std::uint64_t size);
  // Makes [p, p + size) of the program's memory addressable by the device at p (cudaHostRegister).
  // The CUDA error to return: cudaErrorHostMemoryAlreadyRegistered when the range meets a block
  // of this memory, the device's refusal otherwise.
  cudaError_t register_range(StandIn& s, void* p, std::uint64_t size);
  // Page-locked memory of the host, which the device reads and writes where the program does
  // (cudaMallocHost's and cudaHostRegister's): not managed memory, and not a variable.
  bool is_pinned(const void* p) const;
  bool contains(const void* p) const;
  // How many bytes of the block holding p (contains(p) must be true) lie from p to its end.
  std::uint64_t bytes_from(const void* p) const;
  // Before and after a kernel runs.
  void upload(StandIn& s) const;
  void download(StandIn& s) const;

 private:
  struct Block {
    std::uint64_t size;         // as the program asked
    std::uint64_t mapped;       // bytes of host pages (0 for a variable: see variable_pages_)
    std::uint64_t device_base;  // the device allocation holding the block
    Kind kind;
  };
  const Block* find(const void* p, std::uint64_t* address) const;
  std::map<std::uint64_t, Block> blocks_;  // by address
  // Host pages mapped for module variables, which may share a page with one another.
  std::set<std::uint64_t> variable_pages_;
};

}  // namespace wf::cudart
