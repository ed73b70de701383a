// The CTA order of most-waiting-first (BAWS section 4.1.1), shared by the MWF issue arbiter and
// the CFF fetch arbiter so that both rank CTAs by one rule: more warps waiting at the barrier
// first, ties to the smaller CTA slot.
#pragma once

#include <bit>
#include <cstdint>

namespace wf::blocks {

// `has_candidate` bit s: CTA slot s has a warp that could be picked. Returns the winning slot
// or -1. Scanning upwards with a strict '>' is what gives ties to the smaller slot. Only the
// candidate slots are visited (the simulator calls this every cycle, usually with one to three
// of them), in the same ascending order as the hardware's scan.
template <class Counts>
int most_waiting_cta(std::uint32_t has_candidate, const Counts& count, unsigned num_cta_slots) {
  int best = -1;
  unsigned best_count = 0;
  const std::uint32_t slots =
      num_cta_slots >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << num_cta_slots) - 1;
  for (std::uint32_t m = has_candidate & slots; m; m &= m - 1) {
    const unsigned s = static_cast<unsigned>(std::countr_zero(m));
    if (best < 0 || count[s] > best_count) {
      best = static_cast<int>(s);
      best_count = count[s];
    }
  }
  return best;
}

}  // namespace wf::blocks
