// Integer and bit-manipulation instructions, bit-exact with the PTX ISA pseudocode.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>

#include "sim_model/ptx/bmsk.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/int_extra.h"
#include "sim_model/ptx/lane_source.h"

namespace wf::ptx {
namespace {

using u64 = std::uint64_t;
using i64 = std::int64_t;
using u128 = unsigned __int128;
using i128 = __int128;

// Division by zero is "unspecified" in the ISA; we return what NVIDIA hardware's division
// sequence produces: all ones for the quotient and the dividend for the remainder.
u64 int_div(u64 a, u64 b, unsigned bits, bool sgn) {
  u64 m = width_mask(bits);
  if ((b & m) == 0) return m;
  if (!sgn) return ((a & m) / (b & m)) & m;
  i64 x = sext(a, bits), y = sext(b, bits);
  if (y == -1) return static_cast<u64>(-static_cast<u64>(x)) & m;  // INT_MIN / -1 wraps
  return static_cast<u64>(x / y) & m;
}
u64 int_rem(u64 a, u64 b, unsigned bits, bool sgn) {
  u64 m = width_mask(bits);
  if ((b & m) == 0) return a & m;
  if (!sgn) return ((a & m) % (b & m)) & m;
  i64 x = sext(a, bits), y = sext(b, bits);
  if (y == -1) return 0;
  return static_cast<u64>(x % y) & m;
}

u64 bfe(u64 a, u64 b, u64 c, unsigned bits, bool sgn) {
  unsigned msb = bits - 1;
  unsigned pos = static_cast<unsigned>(b & 0xff), len = static_cast<unsigned>(c & 0xff);
  unsigned sbit = 0;
  if (sgn && len != 0) sbit = (a >> std::min(pos + len - 1, msb)) & 1;
  u64 d = 0;
  for (unsigned i = 0; i <= msb; ++i) {
    unsigned bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : sbit;
    d |= u64{bit} << i;
  }
  return d;
}

u64 bfi(u64 a, u64 b, u64 c, u64 d, unsigned bits) {
  unsigned msb = bits - 1;
  unsigned pos = static_cast<unsigned>(c & 0xff), len = static_cast<unsigned>(d & 0xff);
  u64 f = b;
  for (unsigned i = 0; i < len && pos + i <= msb; ++i) {
    f = (f & ~(1ull << (pos + i))) | (((a >> i) & 1) << (pos + i));
  }
  return f & width_mask(bits);
}

std::uint32_t prmt(std::uint32_t a, std::uint32_t b, std::uint32_t c, PrmtMode mode) {
  u64 src = (u64{b} << 32) | a;
  auto byte = [&](unsigned i) { return static_cast<std::uint32_t>((src >> (8 * (i & 7))) & 0xff); };
  std::uint32_t d = 0;
  if (mode == PrmtMode::Default) {
    for (unsigned i = 0; i < 4; ++i) {
      unsigned sel = (c >> (4 * i)) & 0xf;
      std::uint32_t v = byte(sel & 7);
      if (sel & 8) v = (v & 0x80) ? 0xff : 0;
      d |= v << (8 * i);
    }
    return d;
  }
  // Selector tables of the ISA, listed as d.b0..d.b3 for c[1:0] = 0..3.
  static constexpr std::uint8_t tables[6][4][4] = {
      {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},  // f4e
      {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},  // b4e
      {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},  // rc8
      {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},  // ecl
      {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},  // ecr
      {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},  // rc16
  };
  const auto& t = tables[static_cast<unsigned>(mode) - 1][c & 3];
  for (unsigned i = 0; i < 4; ++i) d |= byte(t[i]) << (8 * i);
  return d;
}

i64 sat_s32(i64 v) {
  return std::clamp<i64>(v, INT32_MIN, INT32_MAX);
}

template <class F>
void lanes2(std::uint64_t mask, const LaneDest& d, const LaneSource& a, const LaneSource& b,
            std::uint64_t result_mask, F f) {
  for_lanes(mask, [&](unsigned l) { d.row[l] = f(a[l], b[l]) & result_mask; });
}

// add/sub/mul.lo/mul.wide (32-bit)/mad.lo/shl/shr/and/or/xor on registers and immediates, with
// no saturation and no carry: most integer instructions of real kernels. Each lane computes what
// the general loop below computes for it (the ISA's result reduced to the instruction's width,
// then to the destination register's); false leaves the instruction to that loop.
bool exec_int_common(const Instr& in, Warp& w, std::uint64_t mask) {
  if (in.flags & (kSat | kCarryOut)) return false;
  const bool logic = in.op == Op::And || in.op == Op::Or || in.op == Op::Xor;
  if (in.type == Type::Pred && !logic) return false;
  const unsigned bits = type_bits(in.type);
  if (bits == 0 || in.nops < 3) return false;
  const MulMode mode = static_cast<MulMode>(in.sub);
  const bool mul = in.op == Op::Mul || in.op == Op::Mad;
  if (mul && !(mode == MulMode::Lo || (mode == MulMode::Wide && in.op == Op::Mul && bits == 32)))
    return false;
  LaneDest d;
  LaneSource a, b;
  if (!bind_dest(w, in.ops[0], d) || !a.bind(w, in.ops[1]) || !b.bind(w, in.ops[2])) return false;
  const u64 m = width_mask(bits);
  const bool sgn = is_signed(in.type);
  const u64 rm =
      (mode == MulMode::Wide && mul ? ~0ull : m) & d.mask & (in.type == Type::Pred ? 1ull : ~0ull);
  switch (in.op) {
    case Op::Add:
      lanes2(mask, d, a, b, rm, [](u64 x, u64 y) { return x + y; });
      return true;
    case Op::Sub:
      lanes2(mask, d, a, b, rm, [](u64 x, u64 y) { return x - y; });
      return true;
    case Op::Mul:
      if (mode == MulMode::Lo) {
        lanes2(mask, d, a, b, rm, [](u64 x, u64 y) { return x * y; });
      } else if (sgn) {
        lanes2(mask, d, a, b, rm,
               [](u64 x, u64 y) { return static_cast<u64>(sext(x, 32) * sext(y, 32)); });
      } else {
        lanes2(mask, d, a, b, rm,
               [](u64 x, u64 y) { return (x & 0xffffffffull) * (y & 0xffffffffull); });
      }
      return true;
    case Op::Mad: {
      LaneSource c;
      if (in.nops < 4 || !c.bind(w, in.ops[3])) return false;
      for_lanes(mask, [&](unsigned l) { d.row[l] = (a[l] * b[l] + c[l]) & rm; });
      return true;
    }
    case Op::Shl:
      lanes2(mask, d, a, b, rm, [bits](u64 x, u64 y) {
        const auto s = static_cast<std::uint32_t>(y);
        return s >= bits ? 0 : x << s;
      });
      return true;
    case Op::Shr:
      if (sgn) {
        lanes2(mask, d, a, b, rm, [bits](u64 x, u64 y) {
          const auto s = static_cast<std::uint32_t>(y);
          return static_cast<u64>(sext(x, bits) >> std::min<std::uint32_t>(s, 63));
        });
      } else {
        lanes2(mask, d, a, b, rm, [bits, m](u64 x, u64 y) {
          const auto s = static_cast<std::uint32_t>(y);
          return s >= bits ? 0 : (x & m) >> s;
        });
      }
      return true;
    case Op::And:
      lanes2(mask, d, a, b, rm, [](u64 x, u64 y) { return x & y; });
      return true;
    case Op::Or:
      lanes2(mask, d, a, b, rm, [](u64 x, u64 y) { return x | y; });
      return true;
    case Op::Xor:
      lanes2(mask, d, a, b, rm, [](u64 x, u64 y) { return x ^ y; });
      return true;
    default:
      return false;
  }
}

}  // namespace

void Executor::exec_int(const Instr& in, Warp& w, std::uint64_t mask) {
  if (exec_int_common(in, w, mask)) return;
  const unsigned bits = type_bits(in.type);
  const bool sgn = is_signed(in.type);
  const u64 m = width_mask(bits);
  const bool sat = in.has(kSat);
  const bool cc_out = in.has(kCarryOut);
  const MulMode mode = static_cast<MulMode>(in.sub);
  const unsigned dbits =
      (mode == MulMode::Wide && (in.op == Op::Mul || in.op == Op::Mad)) ? 2 * bits : bits;
  for_lanes(mask, [&](unsigned l) {
    u64 a = val(w, in.ops[1], l);
    u64 b = in.nops > 2 ? val(w, in.ops[2], l) : 0;
    u64 c = in.nops > 3 ? val(w, in.ops[3], l) : 0;
    u64 cin = (w.carry >> l) & 1;
    u64 d = 0;
    u64 cout = 0;
    switch (in.op) {
      case Op::Add:
      case Op::Addc: {
        u64 ci = in.op == Op::Addc ? cin : 0;
        if (sat && in.type == Type::S32) {
          d = static_cast<u64>(sat_s32(sext(a, 32) + sext(b, 32)));
        } else {
          u128 s = u128(a & m) + u128(b & m) + ci;
          d = static_cast<u64>(s);
          cout = static_cast<u64>(s >> bits) & 1;
        }
        break;
      }
      case Op::Sub:
      case Op::Subc: {
        u64 bi = in.op == Op::Subc ? cin : 0;
        if (sat && in.type == Type::S32) {
          d = static_cast<u64>(sat_s32(sext(a, 32) - sext(b, 32)));
        } else {
          d = (a & m) - (b & m) - bi;
          cout = u128(a & m) < u128(b & m) + bi;  // borrow
        }
        break;
      }
      case Op::Mul:
      case Op::Mad:
      case Op::Madc: {
        i128 prod =
            sgn ? i128(sext(a, bits)) * i128(sext(b, bits)) : i128(u128(a & m) * u128(b & m));
        u64 ci = in.op == Op::Madc ? cin : 0;
        bool add = in.op != Op::Mul;
        if (mode == MulMode::Wide) {
          u128 p = static_cast<u128>(prod);
          if (add) p += u128(c) + ci;
          d = static_cast<u64>(p);
          break;
        }
        u64 part = mode == MulMode::Hi ? static_cast<u64>(static_cast<u128>(prod) >> bits) & m
                                       : static_cast<u64>(static_cast<u128>(prod)) & m;
        if (!add) {
          d = part;
        } else if (sat && in.type == Type::S32 && mode == MulMode::Hi) {
          d = static_cast<u64>(sat_s32(sext(part, 32) + sext(c, 32)));
        } else {
          u128 s = u128(part) + u128(c & m) + ci;
          d = static_cast<u64>(s);
          cout = static_cast<u64>(s >> bits) & 1;
        }
        break;
      }
      case Op::Mul24:
      case Op::Mad24: {
        i64 x = sgn ? sext(a, 24) : static_cast<i64>(a & 0xffffff);
        i64 y = sgn ? sext(b, 24) : static_cast<i64>(b & 0xffffff);
        u64 p = static_cast<u64>(x * y);
        u64 part = mode == MulMode::Hi ? (p >> 16) : p;
        if (in.op == Op::Mad24 && sat && in.type == Type::S32) {
          d = static_cast<u64>(sat_s32(sext(part, 32) + sext(c, 32)));
        } else {
          d = part + (in.op == Op::Mad24 ? c : 0);
        }
        break;
      }
      case Op::Sad: {
        u64 diff =
            sgn ? static_cast<u64>(sext(a, bits) < sext(b, bits) ? sext(b, bits) - sext(a, bits)
                                                                 : sext(a, bits) - sext(b, bits))
                : ((a & m) < (b & m) ? (b & m) - (a & m) : (a & m) - (b & m));
        d = c + diff;
        break;
      }
      case Op::Div:
        d = int_div(a, b, bits, sgn);
        break;
      case Op::Rem:
        d = int_rem(a, b, bits, sgn);
        break;
      case Op::Abs:
        d = sext(a, bits) < 0 ? static_cast<u64>(-static_cast<u64>(a)) : a;
        break;
      case Op::Neg:
        d = static_cast<u64>(-static_cast<u64>(a));
        break;
      case Op::Min:
      case Op::Max: {
        bool lt = sgn ? sext(a, bits) < sext(b, bits) : (a & m) < (b & m);
        d = (in.op == Op::Min) == lt ? a : b;
        if (in.has(kRelu) && sext(d, bits) < 0) d = 0;
        break;
      }
      case Op::Popc:
        d = static_cast<u64>(std::popcount(a & m));
        break;
      case Op::Clz:
        d = bits == 32 ? std::countl_zero(static_cast<std::uint32_t>(a)) : std::countl_zero(a);
        break;
      case Op::Brev: {
        u64 r = 0;
        for (unsigned i = 0; i < bits; ++i) r |= ((a >> i) & 1) << (bits - 1 - i);
        d = r;
        break;
      }
      case Op::Bfe:
        d = bfe(a & m, b, c, bits, sgn);
        break;
      case Op::Bfi:
        d = bfi(a, b, c, val(w, in.ops[4], l), bits);
        break;
      case Op::Prmt:
        d = prmt(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b),
                 static_cast<std::uint32_t>(c), static_cast<PrmtMode>(in.sub));
        break;
      case Op::Shl: {
        std::uint32_t s = static_cast<std::uint32_t>(b);
        d = s >= bits ? 0 : a << s;
        break;
      }
      case Op::Shr: {
        std::uint32_t s = static_cast<std::uint32_t>(b);
        if (sgn)
          d = static_cast<u64>(sext(a, bits) >> std::min<std::uint32_t>(s, 63));
        else
          d = s >= bits ? 0 : (a & m) >> s;
        break;
      }
      case Op::And:
        d = a & b;
        break;
      case Op::Or:
        d = a | b;
        break;
      case Op::Xor:
        d = a ^ b;
        break;
      case Op::Not:
        d = in.type == Type::Pred ? (~a & 1) : ~a;
        break;
      case Op::Cnot:
        d = (a & m) == 0 ? 1 : 0;
        break;
      case Op::Bfind:
        d = intx::bfind(a, type_bits(in.type2), is_signed(in.type2), in.sub != 0);
        break;
      case Op::Fns:
        d = intx::fns(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b),
                      static_cast<std::int32_t>(c));
        break;
      case Op::Shf:
        d = intx::shf(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b),
                      static_cast<std::uint32_t>(c), in.sub != 0, in.has(kClamp));
        break;
      case Op::Lop3:
        d = intx::lop3(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b),
                       static_cast<std::uint32_t>(c),
                       static_cast<std::uint8_t>(val(w, in.ops[4], l)));
        break;
      case Op::Bmsk:
        d = intx::bmsk(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b),
                       in.has(kClamp));
        break;
      case Op::Video:
        d = intx::video(intx::video_form(in), static_cast<std::uint32_t>(a),
                        static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(c));
        break;
      default:
        fault(w, l,
              fmt::format("internal error: integer unit got opcode {}", static_cast<int>(in.op)));
    }
    if (in.type == Type::Pred) d &= 1;
    set(w, in.ops[0], l, d & width_mask(dbits));
    if (cc_out) w.carry = (w.carry & ~(1ull << l)) | (cout << l);
  });
}

}  // namespace wf::ptx
