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

void* MappedHostMemory::allocate(StandIn& s, std::uint64_t size, Kind kind) {
  const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  // A size within two pages of 2^64 would round to a small block; asking the device for all
  // of its address space instead gets the refusal (and its note) any size it cannot hold gets.
  const bool fits = size <= std::numeric_limits<std::uint64_t>::max() - 2 * page;
  const std::uint64_t mapped =
      fits ? (std::max<std::uint64_t>(size, 1) + page - 1) / page * page : 0;
  // Device allocations are 256-byte aligned; one page more leaves room for a page-aligned start.
  WireWriter w;
  const MallocKind what = kind == Kind::kManaged ? MallocKind::kManaged : MallocKind::kPinned;
  w.put(fits ? mapped + page : std::numeric_limits<std::uint64_t>::max())
      .put(static_cast<std::uint8_t>(what));
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
  blocks_[address] = {size, mapped, base, kind};
  return p;
}

bool MappedHostMemory::release(StandIn& s, void* p, Kind kind) {
  const auto it = blocks_.find(reinterpret_cast<std::uint64_t>(p));
  if (it == blocks_.end() || it->second.kind != kind || kind == Kind::kVariable) return false;
  if (it->second.mapped) ::munmap(p, it->second.mapped);
  free_device(s, it->second.device_base);
  blocks_.erase(it);
  return true;
}

bool MappedHostMemory::map_variable(StandIn& s, std::uint64_t address, std::uint64_t size) {
  if (size == 0) return true;
  const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  for (std::uint64_t at = address / page * page; at < address + size; at += page) {
    if (variable_pages_.contains(at)) continue;
    void* p = ::mmap(reinterpret_cast<void*>(at), page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED || reinterpret_cast<std::uint64_t>(p) != at) {
      if (p != MAP_FAILED) ::munmap(p, page);
      return false;
    }
    variable_pages_.insert(at);
  }
  blocks_[address] = {size, 0, 0, Kind::kVariable};
  WireWriter w;
  w.put(address).put(size);
  const Reply r = s.call(Op::kCopyToHost, w);
  if (r.error != kCudaSuccess) return false;
  const std::string_view data = r.reader().get_bytes();
  std::memcpy(reinterpret_cast<void*>(address), data.data(), data.size());
  return true;
}

cudaError_t MappedHostMemory::register_range(StandIn& s, void* p, std::uint64_t size) {
  const auto address = reinterpret_cast<std::uint64_t>(p);
  const auto above = blocks_.lower_bound(address);
  if ((above != blocks_.end() && above->first - address < size) || contains(p))
    return kCudaErrorHostMemoryAlreadyRegistered;
  WireWriter w;
  w.put(address).put(size);
  const Reply r = s.call(Op::kMapHostAt, w);
  if (r.error != kCudaSuccess) return r.error;
  blocks_[address] = {size, 0, address, Kind::kRegistered};
  return kCudaSuccess;
}

bool MappedHostMemory::is_pinned(const void* p) const {
  const Block* b = find(p, nullptr);
  return b && (b->kind == Kind::kPinned || b->kind == Kind::kRegistered);
}

const MappedHostMemory::Block* MappedHostMemory::find(const void* p, std::uint64_t* address) const {
  const auto a = reinterpret_cast<std::uint64_t>(p);
  auto it = blocks_.upper_bound(a);
  if (it == blocks_.begin()) return nullptr;
  --it;
  if (a >= it->first + std::max(it->second.mapped, it->second.size)) return nullptr;
  if (address) *address = it->first;
  return &it->second;
}

bool MappedHostMemory::contains(const void* p) const {
  return find(p, nullptr) != nullptr;
}

std::uint64_t MappedHostMemory::bytes_from(const void* p) const {
  std::uint64_t address = 0;
  const Block* b = find(p, &address);
  const std::uint64_t end = address + b->size;
  const auto a = reinterpret_cast<std::uint64_t>(p);
  return a < end ? end - a : 0;
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
