#include "sim_model/blocks/bitvec.h"

#include <fmt/core.h>

namespace wf::blocks {

void BitVec::set_field(unsigned lsb, unsigned width, std::uint64_t value) {
  for (unsigned i = 0; i < width; ++i) {
    const unsigned b = lsb + i;
    if (b >= width_) break;
    const std::uint64_t mask = std::uint64_t{1} << (b % 64);
    if ((value >> i) & 1) {
      words_[b / 64] |= mask;
    } else {
      words_[b / 64] &= ~mask;
    }
  }
}

std::uint64_t BitVec::get_field(unsigned lsb, unsigned width) const {
  std::uint64_t out = 0;
  for (unsigned i = 0; i < width && lsb + i < width_; ++i) {
    const unsigned b = lsb + i;
    out |= ((words_[b / 64] >> (b % 64)) & 1) << i;
  }
  return out;
}

std::string BitVec::hex() const {
  const unsigned digits = (width_ + 3) / 4;
  std::string s;
  for (unsigned d = digits; d-- > 0;) {
    s += fmt::format("{:x}", get_field(d * 4, 4));
    if (d != 0 && d % 4 == 0) s += '_';
  }
  return fmt::format("{}'h{}", width_, s.empty() ? "0" : s);
}

}  // namespace wf::blocks
