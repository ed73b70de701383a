// The fixed rows of the H3 (Carter & Wegman) hashes of the AWG blocks: each row is splitmix64
// of (seed, hash, bit), so a block's hash is set by one seed parameter without a table, and its
// generator prints the same rows its golden model uses.
#pragma once

#include <cstdint>

namespace wf::blocks {

constexpr std::uint64_t hash_row_mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace wf::blocks
