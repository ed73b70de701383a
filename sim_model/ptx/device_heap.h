// The device heap behind kernels' malloc/free (and so new/delete): a range of device memory
// the runtime reserves at the first launch of a module that calls them, cudaLimitMallocHeapSize
// bytes (8 MiB unless the program sets another size first, as CUDA's default). First fit over
// the free blocks in address order, 16-byte aligned blocks (CUDA's malloc alignment), freed
// blocks merged with free neighbours. malloc returns 0 when no free block is large enough, as
// CUDA's does. The executor runs one warp at a time and a warp's lanes in lane order, so
// allocations are deterministic and need no lock.
#pragma once

#include <cstdint>
#include <map>

namespace wf::ptx {

class DeviceHeap {
 public:
  static constexpr std::uint64_t kAlignment = 16;
  static constexpr std::uint64_t kDefaultBytes = std::uint64_t{8} << 20;

  DeviceHeap(std::uint64_t base, std::uint64_t bytes);

  std::uint64_t base() const { return base_; }
  std::uint64_t bytes() const { return bytes_; }
  // The address of a new block of at least `bytes` bytes, 0 if the heap has no room.
  std::uint64_t allocate(std::uint64_t bytes);
  // Frees the block at `address`; false if no live block starts there (a pointer malloc did not
  // return, or one freed before).
  bool release(std::uint64_t address);

 private:
  std::uint64_t base_, bytes_;
  std::map<std::uint64_t, std::uint64_t> free_;  // address -> size
  std::map<std::uint64_t, std::uint64_t> live_;  // address -> size
};

}  // namespace wf::ptx
