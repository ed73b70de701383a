// bmsk (PTX ISA 7.6, sm_70): the 32-bit mask of b bits starting at bit a, as CUB's radix sort
// builds its digit masks. A pure function of the operand bits, written as the ISA's pseudocode
// so that each overflow case keeps the ISA's answer.
#pragma once

#include <cstdint>

namespace wf::ptx::intx {

// .wrap takes a and b modulo 32; .clamp makes a position of 32 or more an empty mask and a
// width of 32 or more a mask up to bit 31. A width of 0 (after wrapping) is an empty mask.
constexpr std::uint32_t bmsk(std::uint32_t a, std::uint32_t b, bool clamp) {
  const std::uint32_t a1 = a & 0x1f, b1 = b & 0x1f, sum = a1 + b1;
  std::uint32_t mask0 = ~0u << a1;
  bool overflow = sum >= 32;
  if (clamp) {
    if (a >= 32) {
      overflow = true;
      mask0 = 0;
    }
    if (b >= 32) overflow = true;
  }
  // sum < 32 whenever it is used as a shift count, so the shift is defined.
  const std::uint32_t mask1 = overflow ? 0u : b1 == 0 ? ~0u : ~0u << sum;
  return mask0 & ~mask1;
}

}  // namespace wf::ptx::intx
