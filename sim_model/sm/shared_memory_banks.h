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

// Words one access can touch: 64 lanes x 4 words (a 128-bit vector element each). The degree
// never exceeds it, so neither does the number of passes an access takes.
constexpr unsigned kMaxSharedWords = 64 * 4;
constexpr unsigned kMaxWordsPerThread = 4;

inline unsigned bank_conflict_degree(const ptx::MemAccess& m, unsigned banks) {
  if (m.lanes == 0) return 1;
  // Wider accesses (64/128-bit per thread) touch several consecutive words; each word counts.
  const unsigned words_per_thread = std::max(1u, (m.bytes + 3u) / 4u);
  // The distinct words so far (only the first n are written), at most 64 lanes x 4 words,
  // chained per bank so that a word is compared only with the words of its own bank: one
  // search over every word seen was quadratic in the lanes of a conflict-free access.
  std::array<std::uint64_t, kMaxSharedWords> word;
  std::array<std::uint16_t, kMaxSharedWords>
      next;                                  // index + 1 of the bank's previous word; 0 = none
  std::array<std::uint16_t, 64> head{};      // index + 1 of the bank's latest word; 0 = none
  std::array<std::uint16_t, 64> per_bank{};  // distinct words per bank (up to 256 in one)
  unsigned n = 0, degree = 1;
  // A power-of-two bank count (every preset) takes a mask instead of a division per word.
  const unsigned bank_mask = std::has_single_bit(banks) ? banks - 1 : 0;
  std::uint64_t lanes = m.lanes;
  while (lanes) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    lanes &= lanes - 1;
    for (unsigned k = 0; k < words_per_thread && k < kMaxWordsPerThread; ++k) {
      const std::uint64_t w = m.addr[l] / 4 + k;
      const unsigned b = static_cast<unsigned>(bank_mask ? w & bank_mask : w % banks);
      bool seen = false;
      for (unsigned i = head[b]; i != 0 && !seen; i = next[i - 1]) seen = word[i - 1] == w;
      if (seen) continue;  // a broadcast
      word[n] = w;
      next[n] = head[b];
      head[b] = static_cast<std::uint16_t>(++n);
      degree = std::max<unsigned>(degree, ++per_bank[b]);
    }
  }
  return degree;
}

}  // namespace wf::sm
