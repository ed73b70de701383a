#include "cuda_runtime/stand_in/mapped_host_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <limits>

#include "cuda_runtime/stand_in/stand_in.h"

namespace wf::cudart {
namespace {

std::uint64_t free_device(StandIn& s, std::uint64_t base) {
  WireWriter w;
  w.put(base);
  s.call(Op::kFree, w);
  return 0;
}

}  // namespace

void* MappedHostMemory::allocate(StandIn& s, std::uint64_t size) {
  const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  // A size within two pages of 2^64 would round to a small block; asking the device for all
  // of its address space instead gets the refusal (and its note) any size it cannot hold gets.
  const bool fits = size <= std::numeric_limits<std::uint64_t>::max() - 2 * page;
  const std::uint64_t mapped =
      fits ? (std::max<std::uint64_t>(size, 1) + page - 1) / page * page : 0;
  // Device allocations are 256-byte aligned; one page more leaves room for a page-aligned start.
  WireWriter w;
  w.put(fits ? mapped + page : std::numeric_limits<std::uint64_t>::max()).put(std::uint8_t{1});
  const Reply r = s.call(Op::kMalloc, w);
  if (r.error != kCudaSuccess) return nullptr;
  const auto base = r.reader().get<std::uint64_t>();
  const std::uint64_t address = (base + page - 1) / page * page;
  void* p = ::mmap(reinterpret_cast<void*>(address), mapped, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED || reinterpret_cast<std::uint64_t>(p) != address) {
    if (p != MAP_FAILED) ::munmap(p, mapped);
    free_device(s, base);
    return nullptr;
  }
  blocks_[address] = {size, mapped, base};
  return p;
}

bool MappedHostMemory::release(StandIn& s, void* p) {
  const auto it = blocks_.find(reinterpret_cast<std::uint64_t>(p));
  if (it == blocks_.end()) return false;
  ::munmap(p, it->second.mapped);
  free_device(s, it->second.device_base);
  blocks_.erase(it);
  return true;
}

bool MappedHostMemory::contains(const void* p) const {
  const auto a = reinterpret_cast<std::uint64_t>(p);
  auto it = blocks_.upper_bound(a);
  if (it == blocks_.begin()) return false;
  --it;
  return a < it->first + it->second.mapped;
}

void MappedHostMemory::upload(StandIn& s) const {
  for (const auto& [address, b] : blocks_) {
    WireWriter w;
    w.put(address).put_bytes(reinterpret_cast<const void*>(address), b.size);
    s.call(Op::kCopyToDevice, w);
  }
}

void MappedHostMemory::download(StandIn& s) const {
  for (const auto& [address, b] : blocks_) {
    WireWriter w;
    w.put(address).put(b.size);
    const Reply r = s.call(Op::kCopyToHost, w);
    if (r.error != kCudaSuccess) continue;
    const std::string_view data = r.reader().get_bytes();
    std::memcpy(reinterpret_cast<void*>(address), data.data(), data.size());
  }
}

}  // namespace wf::cudart
