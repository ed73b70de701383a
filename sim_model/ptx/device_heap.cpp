#include "sim_model/ptx/device_heap.h"

#include <iterator>

namespace wf::ptx {

DeviceHeap::DeviceHeap(std::uint64_t base, std::uint64_t bytes)
    : base_(base), bytes_(bytes / kAlignment * kAlignment) {
  if (bytes_) free_.emplace(base_, bytes_);
}

std::uint64_t DeviceHeap::allocate(std::uint64_t bytes) {
  // malloc(0) gets a block of its own too, which free() takes back (C allows either that or 0).
  if (bytes > bytes_) return 0;
  const std::uint64_t size =
      bytes == 0 ? kAlignment : (bytes + kAlignment - 1) / kAlignment * kAlignment;
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    if (it->second < size) continue;
    const std::uint64_t at = it->first, left = it->second - size;
    free_.erase(it);
    if (left) free_.emplace(at + size, left);
    live_.emplace(at, size);
    return at;
  }
  return 0;
}

bool DeviceHeap::release(std::uint64_t address) {
  const auto live = live_.find(address);
  if (live == live_.end()) return false;
  std::uint64_t at = address, size = live->second;
  live_.erase(live);
  auto next = free_.lower_bound(at);
  if (next != free_.end() && next->first == at + size) {
    size += next->second;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {
    const auto prev = std::prev(next);
    if (prev->first + prev->second == at) {
      at = prev->first;
      size += prev->second;
      free_.erase(prev);
    }
  }
  free_.emplace(at, size);
  return true;
}

}  // namespace wf::ptx
