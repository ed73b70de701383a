// Selection primitives shared by the arbiter models. They are the software mirror of the
// priority-encoder structures the generators emit, so each is written the way the hardware
// scans: a fixed order, first hit wins.
#pragma once

#include <bit>
#include <cstdint>

namespace wf::blocks {

constexpr std::uint64_t low_mask(unsigned n) {
  return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
}

// The lowest set bit of `mask`, or -1.
inline int lowest(std::uint64_t mask) {
  return mask ? std::countr_zero(mask) : -1;
}

// Round robin: the first set bit of `mask` (n bits) strictly after `last`, wrapping; `last`
// itself comes last. -1 when mask is empty.
inline int first_after(std::uint64_t mask, unsigned last, unsigned n) {
  if (!mask) return -1;
  const std::uint64_t above = mask & ~low_mask(last + 1);
  return above ? std::countr_zero(above) : std::countr_zero(mask & low_mask(n));
}

}  // namespace wf::blocks
