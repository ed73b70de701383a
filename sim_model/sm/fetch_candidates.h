// The warps a fetch policy may choose from in a cycle, worked out from the SM's state; each
// fetch policy asks for the set its arbiter is defined over.
#pragma once

#include <bit>
#include <cstdint>

#include "sim_model/sm/sm_core.h"

namespace wf::sm {

// Warps that wait on no I-cache refill and no unresolved branch and whose I-buffer is empty.
inline std::uint64_t empty_buffer_candidates(const SmCore& core, std::uint64_t now) {
  std::uint64_t eligible = 0;
  for (std::uint64_t m = core.fetch_candidates; m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    const HwWarp& h = core.warps[w];
    if (now < h.fetch_ready || (h.branch_pending && now < h.branch_resolve)) continue;
    eligible |= std::uint64_t{1} << w;
  }
  return eligible;
}

// Warps that wait on no I-cache refill and no unresolved branch and whose I-buffer has a free
// entry and does not end in a control instruction (fetch cannot run past a branch it has not
// resolved).
inline std::uint64_t free_entry_candidates(const SmCore& core, std::uint64_t now) {
  std::uint64_t eligible = 0;
  for (std::uint64_t m = core.live_mask; m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    const HwWarp& h = core.warps[w];
    if (h.finished || h.ibuffer.size() >= core.config.ibuffer_entries) continue;
    if (now < h.fetch_ready || (h.branch_pending && now < h.branch_resolve)) continue;
    if (!h.ibuffer.empty()) {
      const IBuffer::Entry& last = h.ibuffer.back();
      const auto& code = core.launch->module->functions[last.function].code;
      if (last.pc + 1 >= code.size() || code[last.pc].cls == ptx::OpClass::Control) continue;
    }
    eligible |= std::uint64_t{1} << w;
  }
  return eligible;
}

}  // namespace wf::sm
