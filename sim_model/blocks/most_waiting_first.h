// The CTA order of most-waiting-first (BAWS section 4.1.1), shared by the MWF issue arbiter and
// the CFF fetch arbiter so that both rank CTAs by one rule: more warps waiting at the barrier
// first, ties to the smaller CTA slot.
#pragma once

#include <cstdint>

namespace wf::blocks {

// `has_candidate` bit s: CTA slot s has a warp that could be picked. Returns the winning slot
// or -1. Scanning upwards with a strict '>' is what gives ties to the smaller slot.
template <class Counts>
int most_waiting_cta(std::uint32_t has_candidate, const Counts& count, unsigned num_cta_slots) {
  int best = -1;
  unsigned best_count = 0;
  for (unsigned s = 0; s < num_cta_slots; ++s) {
    if (!((has_candidate >> s) & 1)) continue;
    if (best < 0 || count[s] > best_count) {
      best = static_cast<int>(s);
      best_count = count[s];
    }
  }
  return best;
}

}  // namespace wf::blocks
