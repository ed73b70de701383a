// Device global memory: sparse 64 KiB pages plus the list of live allocations, so that an access
// outside every allocation is reported instead of silently reading zeros.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <unordered_map>

namespace wf::ptx {

class GlobalMemory {
 public:
  static constexpr std::uint64_t kPageBits = 16;
  static constexpr std::uint64_t kPageSize = 1ull << kPageBits;
  static constexpr std::uint64_t kHeapBase = 0x2'0000'0000ull;

  // Allocations are 256-byte aligned and separated by an unmapped gap, so running off the end of
  // one buffer is an error rather than a write into the next.
  std::uint64_t allocate(std::uint64_t bytes);
  // Marks a fixed range (module variables) as allocated.
  void reserve(std::uint64_t addr, std::uint64_t bytes);
  // Returns false if addr is not the start of a live allocation.
  bool release(std::uint64_t addr);
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

  std::unordered_map<std::uint64_t, std::unique_ptr<std::uint8_t[]>> pages_;
  std::map<std::uint64_t, std::uint64_t> allocs_;  // base → size
  std::uint64_t next_ = kHeapBase;
  std::uint64_t cached_page_ = ~0ull;
  std::uint8_t* cached_ptr_ = nullptr;
  mutable std::uint64_t hit_base_ = 1, hit_end_ = 0;  // last allocation found by valid()
};

}  // namespace wf::ptx
