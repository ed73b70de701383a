// Semantics follow the pseudocode of the PTX ISA for bfind, fns, shf, lop3 and vop2/vop4.
#include "sim_model/ptx/int_extra.h"

#include <algorithm>
#include <bit>

namespace wf::ptx::intx {

std::uint32_t bfind(std::uint64_t a, unsigned bits, bool sgn, bool shiftamt) {
  const unsigned msb = bits - 1;
  if (bits < 64) a &= (1ull << bits) - 1;
  if (sgn && ((a >> msb) & 1)) a = ~a & (bits < 64 ? (1ull << bits) - 1 : ~0ull);
  if (a == 0) return 0xffffffffu;
  unsigned pos = 63 - static_cast<unsigned>(std::countl_zero(a));
  return shiftamt ? msb - pos : pos;
}

std::uint32_t fns(std::uint32_t mask, std::uint32_t base, std::int32_t offset) {
  if (offset == 0) return base < 32 && ((mask >> base) & 1) ? base : 0xffffffffu;
  // |INT32_MIN| does not fit an int32: count in 64 bits
  std::int64_t count = (offset > 0 ? std::int64_t{offset} : -std::int64_t{offset}) - 1;
  int inc = offset > 0 ? 1 : -1;
  for (std::int64_t pos = base; pos >= 0 && pos < 32; pos += inc) {
    if ((mask >> pos) & 1) {
      if (count == 0) return static_cast<std::uint32_t>(pos);
      --count;
    }
  }
  return 0xffffffffu;
}

std::uint32_t shf(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool left, bool clamp) {
  const unsigned n = clamp ? std::min<std::uint32_t>(c, 32) : (c & 31);
  const std::uint64_t v = (std::uint64_t{b} << 32) | a;
  return static_cast<std::uint32_t>(left ? (v << n) >> 32 : v >> n);
}

std::uint32_t lop3(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint8_t lut) {
  std::uint32_t d = 0;
  for (unsigned i = 0; i < 8; ++i) {
    if (!((lut >> i) & 1)) continue;
    d |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
  }
  return d;
}

std::uint32_t video(const VideoForm& f, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  const unsigned w = 32 / f.lanes;
  const std::uint32_t lane_mask = (1u << w) - 1;
  auto lane = [&](std::uint32_t x, unsigned i, bool sgn) -> std::int64_t {
    std::uint32_t v = (x >> (i * w)) & lane_mask;
    return sgn && ((v >> (w - 1)) & 1) ? std::int64_t{v} - (std::int64_t{1} << w) : v;
  };
  const std::int64_t lo = f.dsigned ? -(std::int64_t{1} << (w - 1)) : 0;
  const std::int64_t hi = f.dsigned ? (std::int64_t{1} << (w - 1)) - 1 : lane_mask;
  std::uint32_t d = f.add ? c : 0;
  for (unsigned i = 0; i < f.lanes; ++i) {
    std::int64_t x = lane(a, i, f.asigned), y = lane(b, i, f.bsigned), t = 0;
    switch (f.op) {
      case VideoOp::Add:
        t = x + y;
        break;
      case VideoOp::Sub:
        t = x - y;
        break;
      case VideoOp::Avrg:
        // rounds half away from zero; >> on a negative sum is an arithmetic (floor) shift
        t = (x + y) >= 0 ? (x + y + 1) >> 1 : (x + y) >> 1;
        break;
      case VideoOp::Absdiff:
        t = x > y ? x - y : y - x;
        break;
      case VideoOp::Min:
        t = std::min(x, y);
        break;
      case VideoOp::Max:
        t = std::max(x, y);
        break;
    }
    if (f.sat) t = std::clamp(t, lo, hi);
    if (f.add)
      d += static_cast<std::uint32_t>(t);
    else
      d |= (static_cast<std::uint32_t>(t) & lane_mask) << (i * w);
  }
  return d;
}

}  // namespace wf::ptx::intx
