// Which bytes of a cache line a store wrote, for the L2's write-back with byte masks (Fermi's
// L2 keeps a partially written line with per-byte valid bits and fetches nothing until a read
// or an atomic needs the rest). 128 bits: one per byte of a 128-byte line; a longer line marks
// granules of line_bytes / 128 bytes, a granule counting as written when any of its bytes is.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

namespace wf::mem {

struct ByteMask {
  static constexpr unsigned kBits = 128;
  std::uint64_t w[2] = {0, 0};

  static unsigned granule(unsigned line_bytes) { return std::max(1u, line_bytes / kBits); }
  static unsigned granules(unsigned line_bytes) { return std::min(line_bytes, kBits); }

  // Marks bytes [lo, hi) of a line of `line_bytes` (offsets within the line, lo < hi).
  void set(unsigned lo, unsigned hi, unsigned line_bytes) {
    const unsigned g = granule(line_bytes);
    set_bits(lo / g, (hi - 1) / g + 1);
  }
  bool full(unsigned line_bytes) const {
    const unsigned n = granules(line_bytes);
    ByteMask all;
    all.set_bits(0, n);
    return w[0] == all.w[0] && w[1] == all.w[1];
  }
  bool empty() const { return (w[0] | w[1]) == 0; }
  // Granules set in [lo, hi) of the granule numbering.
  bool any_in(unsigned lo, unsigned hi) const {
    ByteMask m;
    m.set_bits(lo, hi);
    return ((w[0] & m.w[0]) | (w[1] & m.w[1])) != 0;
  }
  ByteMask& operator|=(const ByteMask& o) {
    w[0] |= o.w[0];
    w[1] |= o.w[1];
    return *this;
  }
  bool operator==(const ByteMask&) const = default;

 private:
  void set_bits(unsigned lo, unsigned hi) {  // bits [lo, hi), hi <= 128
    for (unsigned i = 0; i < 2; ++i) {
      const unsigned a = std::clamp(lo, 64 * i, 64 * i + 64) - 64 * i;
      const unsigned b = std::clamp(hi, 64 * i, 64 * i + 64) - 64 * i;
      if (a >= b) continue;
      const std::uint64_t upto_b = b == 64 ? ~0ull : (1ull << b) - 1;
      w[i] |= upto_b & ~((1ull << a) - 1);
    }
  }
};

}  // namespace wf::mem
