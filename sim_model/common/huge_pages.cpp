#include "sim_model/common/huge_pages.h"

#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#endif

namespace wf {

bool back_heap_with_huge_pages(std::size_t bytes) {
#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const int reserve = static_cast<int>(std::min<std::size_t>(bytes, INT_MAX));
  // The advice holds for the heap mapping as it is when given: later growth of the heap is a
  // mapping without it. So keep allocations up to 32 MiB (glibc's largest threshold) on the
  // heap instead of in mappings of their own, never give heap back to the kernel, and grow the
  // heap once, now, by `bytes`.
  if (mallopt(M_MMAP_THRESHOLD, 32 << 20) == 0) return false;
  mallopt(M_TRIM_THRESHOLD, reserve);
  mallopt(M_TOP_PAD, reserve);
  void* probe = std::malloc(std::size_t{1} << 20);  // more than the heap has free: it grows
  if (!probe) return false;
  const auto begin = (reinterpret_cast<std::uintptr_t>(probe) + kHuge - 1) & ~(kHuge - 1);
  std::free(probe);
  mallopt(M_TOP_PAD, 128 * 1024);  // glibc's default
  const auto end = reinterpret_cast<std::uintptr_t>(sbrk(0)) & ~(kHuge - 1);
  if (end <= begin) return false;
  return madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE) == 0;
#else
  (void)bytes;
  return false;
#endif
}

}  // namespace wf
