// Shared-memory bank conflicts: 4-byte words interleaved over the banks; threads reading the
// same word are served by one broadcast, threads reaching different words of one bank are
// serialized. The access takes as many passes as the busiest bank has distinct words.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "sim_model/ptx/step_record.h"

namespace wf::sm {

inline unsigned bank_conflict_degree(const ptx::MemAccess& m, unsigned banks) {
  if (m.lanes == 0) return 1;
  // Wider accesses (64/128-bit per thread) touch several consecutive words; each word counts.
  const unsigned words_per_thread = std::max(1u, (m.bytes + 3u) / 4u);
  // Distinct words so far (only the first n are written), at most 64 lanes x 4 words.
  std::array<std::uint64_t, 64 * 4> seen;
  std::array<std::uint8_t, 64> per_bank{};
  unsigned n = 0, degree = 1;
  std::uint64_t lanes = m.lanes;
  while (lanes) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    lanes &= lanes - 1;
    for (unsigned k = 0; k < words_per_thread && k < 4; ++k) {
      const std::uint64_t word = m.addr[l] / 4 + k;
      const unsigned b = static_cast<unsigned>(word % banks);
      // A word seen before is in a bank seen before: most accesses skip the search.
      if (per_bank[b] && std::find(seen.begin(), seen.begin() + n, word) != seen.begin() + n)
        continue;
      seen[n++] = word;
      degree = std::max<unsigned>(degree, ++per_bank[b]);
    }
  }
  return degree;
}

}  // namespace wf::sm
