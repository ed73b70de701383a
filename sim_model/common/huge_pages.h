// Backs the malloc heap with transparent huge pages where the platform allows it: a simulation's
// working set (registers, simulated memory, every SM's state) is tens of MB touched all over
// each cycle, too much for the TLB with 4 KiB pages.
#pragma once

#include <cstddef>

namespace wf {

// Grows the malloc heap by `bytes` of address space (committed only when touched) and advises
// the kernel to back it with 2 MiB pages (madvise MADV_HUGEPAGE). Call once, early in main(),
// before other threads exist. Only the main thread's heap benefits; allocations above 32 MiB
// keep their own mappings; the heap is never trimmed. Returns whether the advice was given:
// false for other C libraries and systems and under AddressSanitizer (untouched then), or when
// the heap did not grow or the kernel refused (malloc's thresholds stay changed, harmlessly).
bool back_heap_with_huge_pages(std::size_t bytes);

}  // namespace wf
