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

// Warps of `mask` (n warps) whose CTA slot is `cta`.
template <class WarpCta>
std::uint64_t warps_of_cta(std::uint64_t mask, const WarpCta& warp_cta, unsigned n, unsigned cta) {
  std::uint64_t out = 0;
  for (std::uint64_t m = mask & low_mask(n); m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    if (warp_cta[w] == cta) out |= std::uint64_t{1} << w;
  }
  return out;
}

// Bit c: some warp of `mask` (n warps) belongs to CTA slot c (c < num_cta_slots).
template <class WarpCta>
std::uint32_t ctas_with_warps(std::uint64_t mask, const WarpCta& warp_cta, unsigned n,
                              unsigned num_cta_slots) {
  std::uint32_t out = 0;
  for (std::uint64_t m = mask & low_mask(n); m; m &= m - 1)
    out |= std::uint32_t{1} << warp_cta[static_cast<unsigned>(std::countr_zero(m))];
  return out & static_cast<std::uint32_t>(low_mask(num_cta_slots));
}

}  // namespace wf::blocks
