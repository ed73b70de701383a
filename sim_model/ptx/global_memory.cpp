#include "sim_model/ptx/global_memory.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <vector>

namespace wf::ptx {

namespace {

// Room an allocation needs past its end: the unmapped gap, then the rounding up to the next
// 256-byte boundary.
constexpr std::uint64_t kTail = 2 * GlobalMemory::kAlignment - 1;

}  // namespace

std::uint64_t GlobalMemory::charge(std::uint64_t bytes) {
  const std::uint64_t size = std::max<std::uint64_t>(bytes, 1);
  if (size > kUnlimited - (kAlignment - 1)) return kUnlimited;
  return (size + kAlignment - 1) / kAlignment * kAlignment;
}

std::uint64_t GlobalMemory::allocate(std::uint64_t bytes, Backing backing) {
  std::uint64_t addr = next_;
  const std::uint64_t size = std::max<std::uint64_t>(bytes, 1);
  // Checked before anything is added, so that a size near 2^64 cannot wrap the next address
  // round to one below this allocation's end. Only place()d ranges lie at or above next_.
  for (;;) {
    if (addr > kUnlimited - kTail || size > kUnlimited - kTail - addr) return 0;
    const auto above = allocs_.lower_bound(addr);
    if (above == allocs_.end() || above->first >= addr + size + kTail) break;
    const std::uint64_t end = above->first + above->second.size;
    if (end > kUnlimited - kTail) return 0;
    addr = (end + kTail) / kAlignment * kAlignment;
  }
  const std::uint64_t charged = backing == Backing::kDevice ? charge(size) : 0;
  if (used_ > capacity_ || charged > capacity_ - used_) return 0;
  allocs_[addr] = {size, charged};
  used_ += charged;
  next_ = (addr + size + kTail) / kAlignment * kAlignment;
  return addr;
}

void GlobalMemory::reserve(std::uint64_t addr, std::uint64_t bytes) {
  allocs_[addr] = {std::max<std::uint64_t>(bytes, 1), 0};
  advance_past(addr + bytes);
}

bool GlobalMemory::place(std::uint64_t addr, std::uint64_t bytes) {
  const std::uint64_t size = std::max<std::uint64_t>(bytes, 1);
  if (addr == 0 || size > kUnlimited - kTail || addr > kUnlimited - kTail - size) return false;
  // Neither may the range start in another's gap, nor another start in its own.
  const auto above = allocs_.lower_bound(addr);
  if (above != allocs_.end() && above->first < addr + size + kTail) return false;
  if (above != allocs_.begin()) {
    const auto below = std::prev(above);
    if (below->first + below->second.size + kTail > addr) return false;
  }
  allocs_[addr] = {size, 0};
  return true;
}

void GlobalMemory::advance_past(std::uint64_t end) {
  // Past the end of the address space nothing more can be allocated, rather than wrapping.
  next_ = std::max(next_,
                   end > kUnlimited - kTail ? kUnlimited : (end + kTail) / kAlignment * kAlignment);
}

bool GlobalMemory::release(std::uint64_t addr) {
  auto it = allocs_.find(addr);
  if (it == allocs_.end()) return false;
  used_ -= it->second.charged;
  allocs_.erase(it);
  hit_base_ = 1;
  hit_end_ = 0;
  return true;
}

bool GlobalMemory::valid_elsewhere(std::uint64_t addr, std::uint64_t n) const {
  auto it = allocs_.upper_bound(addr);
  if (it == allocs_.begin()) return false;
  --it;
  if (addr + n < addr || addr + n > it->first + it->second.size) return false;
  hit_base_ = it->first;
  hit_end_ = it->first + it->second.size;
  return true;
}

std::uint64_t GlobalMemory::allocation_size(std::uint64_t addr) const {
  auto it = allocs_.find(addr);
  return it == allocs_.end() ? 0 : it->second.size;
}

std::uint8_t* GlobalMemory::page_ptr(std::uint64_t page) {
  auto& p = pages_[page];
  if (!p) {
    p = std::make_unique<std::uint8_t[]>(kPageSize);
    std::memset(p.get(), 0, kPageSize);
  }
  return p.get();
}

void GlobalMemory::read(std::uint64_t addr, void* dst, std::uint64_t n) {
  auto* out = static_cast<std::uint8_t*>(dst);
  while (n) {
    std::uint64_t in_page = std::min(n, kPageSize - (addr & (kPageSize - 1)));
    std::memcpy(out, byte_ptr(addr), in_page);
    out += in_page;
    addr += in_page;
    n -= in_page;
  }
}

void GlobalMemory::write(std::uint64_t addr, const void* src, std::uint64_t n) {
  const auto* in = static_cast<const std::uint8_t*>(src);
  while (n) {
    std::uint64_t in_page = std::min(n, kPageSize - (addr & (kPageSize - 1)));
    std::memcpy(byte_ptr(addr), in, in_page);
    in += in_page;
    addr += in_page;
    n -= in_page;
  }
}

void GlobalMemory::fill(std::uint64_t addr, std::uint8_t value, std::uint64_t n) {
  while (n) {
    std::uint64_t in_page = std::min(n, kPageSize - (addr & (kPageSize - 1)));
    std::memset(byte_ptr(addr), value, in_page);
    addr += in_page;
    n -= in_page;
  }
}

}  // namespace wf::ptx

namespace wf::ptx {

std::uint64_t GlobalMemory::digest() const {
  std::vector<std::uint64_t> pages;
  for (const auto& [page, data] : pages_) pages.push_back(page);
  std::sort(pages.begin(), pages.end());
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&](std::uint8_t b) { h = (h ^ b) * 1099511628211ull; };
  for (std::uint64_t page : pages) {
    const std::uint8_t* p = pages_.at(page).get();
    // Untouched (all-zero) pages are skipped so that reading memory never changes the digest.
    if (std::all_of(p, p + kPageSize, [](std::uint8_t b) { return b == 0; })) continue;
    for (int i = 0; i < 8; ++i) mix(static_cast<std::uint8_t>(page >> (8 * i)));
    for (std::uint64_t i = 0; i < kPageSize; ++i) mix(p[i]);
  }
  return h;
}

}  // namespace wf::ptx
