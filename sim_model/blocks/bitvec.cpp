#include "sim_model/blocks/bitvec.h"

#include <algorithm>

#include <fmt/core.h>

namespace wf::blocks {

// Word at a time: traces pack every port of every block call through these.
void BitVec::set_field(unsigned lsb, unsigned width, std::uint64_t value) {
  if (lsb >= width_) return;
  width = std::min({width, width_ - lsb, 64u});
  if (width == 0) return;
  const std::uint64_t mask = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  value &= mask;
  const unsigned w = lsb / 64, off = lsb % 64;
  words_[w] = (words_[w] & ~(mask << off)) | (value << off);
  if (off + width > 64) {  // the field continues in the next word (off > 0 here)
    const std::uint64_t high = (std::uint64_t{1} << (off + width - 64)) - 1;
    words_[w + 1] = (words_[w + 1] & ~high) | (value >> (64 - off));
  }
}

std::uint64_t BitVec::get_field(unsigned lsb, unsigned width) const {
  if (lsb >= width_) return 0;
  width = std::min({width, width_ - lsb, 64u});
  if (width == 0) return 0;
  const unsigned w = lsb / 64, off = lsb % 64;
  std::uint64_t v = words_[w] >> off;
  if (off + width > 64) v |= words_[w + 1] << (64 - off);
  return width == 64 ? v : v & ((std::uint64_t{1} << width) - 1);
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
