// Device global memory: sparse 64 KiB pages plus the list of live allocations, so that an access
// outside every allocation is reported instead of silently reading zeros.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <unordered_map>

namespace wf::ptx {

class GlobalMemory {
 public:
  static constexpr std::uint64_t kPageBits = 16;
  static constexpr std::uint64_t kPageSize = 1ull << kPageBits;
  static constexpr std::uint64_t kHeapBase = 0x2'0000'0000ull;
  static constexpr std::uint64_t kAlignment = 256;
  static constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();

  // Device memory, counted against the capacity, or host memory the device may address (pinned
  // host memory mapped at the same address), which only needs addresses no allocation shares.
  enum class Backing { kDevice, kHost };

  // Allocations are 256-byte aligned and separated by an unmapped gap, so running off the end of
  // one buffer is an error rather than a write into the next. Addresses are handed out in
  // increasing order and never again after a release, so no two allocations ever overlap. 0
  // (never an address) when the device memory free or the address space left is too small.
  [[nodiscard]] std::uint64_t allocate(std::uint64_t bytes, Backing backing = Backing::kDevice);
  // Marks a fixed range (module variables) as allocated; not counted against the capacity.
  void reserve(std::uint64_t addr, std::uint64_t bytes);
  // Host memory the program already has at `addr` (cudaHostRegister), made addressable there
  // without moving where allocate() continues: allocate() steps over it instead. Not counted
  // against the capacity. False (nothing changes) when the range wraps or meets a live
  // allocation or its gap.
  [[nodiscard]] bool place(std::uint64_t addr, std::uint64_t bytes);
  // Returns false if addr is not the start of a live allocation.
  bool release(std::uint64_t addr);

  // The device memory kDevice allocations may hold at once, each counted in whole 256-byte
  // units: a GPU's memory size, for programs that size their work by it (cudaMemGetInfo).
  void set_capacity(std::uint64_t bytes) { capacity_ = bytes; }
  std::uint64_t capacity() const { return capacity_; }
  std::uint64_t used() const { return used_; }
  // The bytes a kDevice allocation of `bytes` counts: rounded up to whole 256-byte units, or
  // kUnlimited when that does not fit 64 bits.
  static std::uint64_t charge(std::uint64_t bytes);
  // The next address allocate() would hand out; modules are placed here.
  std::uint64_t next_free() const { return next_; }
  void advance_past(std::uint64_t end);

  // True if [addr, addr+n) lies inside one live allocation. Inline for the common case, an
  // access inside the allocation the last check found.
  bool valid(std::uint64_t addr, std::uint64_t n) const {
    if (addr >= hit_base_ && addr + n <= hit_end_ && addr + n >= addr) return true;
    return valid_elsewhere(addr, n);
  }
  // Size of the live allocation starting exactly at addr, or 0.
  std::uint64_t allocation_size(std::uint64_t addr) const;

  // Unchecked byte access (callers check valid() first). Crosses pages as needed.
  void read(std::uint64_t addr, void* dst, std::uint64_t n);
  void write(std::uint64_t addr, const void* src, std::uint64_t n);
  void fill(std::uint64_t addr, std::uint8_t value, std::uint64_t n);

  // FNV-1a over every page ever touched, in address order: equal for equal contents.
  std::uint64_t digest() const;

  // Pointer to the byte at addr valid up to the end of its page.
  std::uint8_t* byte_ptr(std::uint64_t addr) {
    std::uint64_t page = addr >> kPageBits;
    if (page != cached_page_) {
      cached_ptr_ = page_ptr(page);
      cached_page_ = page;
    }
    return cached_ptr_ + (addr & (kPageSize - 1));
  }

 private:
  std::uint8_t* page_ptr(std::uint64_t page);
  bool valid_elsewhere(std::uint64_t addr, std::uint64_t n) const;

  struct Allocation {
    std::uint64_t size;
    std::uint64_t charged;  // counted against the capacity (0: host memory, module variables)
  };

  std::unordered_map<std::uint64_t, std::unique_ptr<std::uint8_t[]>> pages_;
  std::map<std::uint64_t, Allocation> allocs_;  // by base
  std::uint64_t next_ = kHeapBase;
  std::uint64_t capacity_ = kUnlimited, used_ = 0;
  std::uint64_t cached_page_ = ~0ull;
  std::uint8_t* cached_ptr_ = nullptr;
  mutable std::uint64_t hit_base_ = 1, hit_end_ = 0;  // last allocation found by valid()
};

}  // namespace wf::ptx
