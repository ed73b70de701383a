// cvt between every integer and float type: integer rounding (.rni/.rzi/.rmi/.rpi), float
// rounding (.rn/.rz/.rm/.rp), saturation, and the sign-extension rules for sub-word types.
#include <cmath>

#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/fp.h"
#include "sim_model/ptx/half.h"
#include "sim_model/ptx/lane_source.h"

namespace wf::ptx {
namespace {

double round_integral(double x, Rounding r) {
  switch (r) {
    case Rounding::RNI:
      return std::nearbyint(x);  // host mode is round-to-nearest-even here
    case Rounding::RZI:
      return std::trunc(x);
    case Rounding::RMI:
      return std::floor(x);
    case Rounding::RPI:
      return std::ceil(x);
    default:
      return std::trunc(x);  // cvt float→int without a modifier is not valid PTX
  }
}

// Float → integer saturates to the destination range; NaN becomes 0 (ISA rule).
std::uint64_t float_to_int(double x, Type dst, Rounding r) {
  if (std::isnan(x)) return 0;
  double v = round_integral(x, r);
  unsigned bits = type_bits(dst);
  if (is_signed(dst)) {
    double lo = -std::ldexp(1.0, static_cast<int>(bits) - 1);
    double hi = std::ldexp(1.0, static_cast<int>(bits) - 1);
    if (v < lo)
      return static_cast<std::uint64_t>(sext(1ull << (bits - 1), bits)) & width_mask(bits);
    if (v >= hi) return width_mask(bits - 1);
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(v)) & width_mask(bits);
  }
  double hi = std::ldexp(1.0, static_cast<int>(bits));
  if (v <= 0) return 0;
  if (v >= hi) return width_mask(bits);
  return static_cast<std::uint64_t>(v);
}

// Conversions to and from .f16 go through double, which holds every f16 and every f32 exactly,
// and every integer that f16 can represent without overflow; the single rounding happens in
// half::from_double on the bits.
std::uint64_t cvt_half(const Instr& in, std::uint64_t a) {
  const Type dt = in.type, st = in.type2;
  const bool flush = in.has(kFtz);
  const bool sat = in.has(kSat);
  const bool integral = in.rnd == Rounding::RNI || in.rnd == Rounding::RZI ||
                        in.rnd == Rounding::RMI || in.rnd == Rounding::RPI;
  double x;
  if (st == Type::F16) {
    x = half::to_double(static_cast<std::uint16_t>(a));
  } else if (st == Type::F32) {
    float f = fp::f32(a);
    x = flush ? fp::ftz(f) : f;
  } else if (st == Type::F64) {
    x = fp::f64(a);
  } else if (is_signed(st)) {
    x = static_cast<double>(sext(a, type_bits(st)));
  } else {
    x = static_cast<double>(a & width_mask(type_bits(st)));
  }
  std::uint64_t d = 0;
  if (dt == Type::F16) {
    if (integral) x = round_integral(x, in.rnd);
    std::uint16_t h = half::from_double(x, integral ? Rounding::RN : in.rnd);
    if (sat) h = half::is_nan(h) || (h & 0x8000) ? 0 : (h > 0x3c00 ? 0x3c00 : h);
    d = h;
  } else if (dt == Type::F32) {
    d = fp::out32(static_cast<float>(x), flush, sat);  // exact: f16 fits f32
  } else if (dt == Type::F64) {
    d = fp::out64(x, sat);
  } else {
    d = float_to_int(x, dt, in.rnd);
    if (is_signed(dt)) d = static_cast<std::uint64_t>(sext(d, type_bits(dt)));
  }
  return d;
}

// Integer → integer: the source's sign or zero extension, saturation to the destination's
// range if asked, then the destination's width. The types' properties are looked up once per
// instruction, not per lane.
struct IntToInt {
  IntToInt(Type st, Type dt, bool saturate)
      : sbits(type_bits(st)),
        dbits(type_bits(dt)),
        src_signed(is_signed(st)),
        dst_signed(is_signed(dt)),
        sat(saturate) {}

  std::uint64_t operator()(std::uint64_t a) const {
    std::int64_t sv =
        src_signed ? sext(a, sbits) : static_cast<std::int64_t>(a & width_mask(sbits));
    bool src_neg = src_signed && sv < 0;
    std::uint64_t uv = static_cast<std::uint64_t>(sv);
    if (sat) {
      if (dst_signed) {
        std::int64_t lo = sext(1ull << (dbits - 1), dbits),
                     hi = static_cast<std::int64_t>(width_mask(dbits - 1));
        if (!src_neg && (uv > static_cast<std::uint64_t>(hi)))
          uv = static_cast<std::uint64_t>(hi);
        else if (src_neg && sv < lo)
          uv = static_cast<std::uint64_t>(lo);
      } else {
        if (src_neg)
          uv = 0;
        else if (uv > width_mask(dbits))
          uv = width_mask(dbits);
      }
    }
    return dst_signed ? static_cast<std::uint64_t>(sext(uv, dbits)) : (uv & width_mask(dbits));
  }

  unsigned sbits, dbits;
  bool src_signed, dst_signed, sat;
};

}  // namespace

void Executor::exec_cvt(const Instr& in, Warp& w, std::uint64_t mask) {
  if (in.type == Type::F16 || in.type2 == Type::F16) {
    for_lanes(mask, [&](unsigned l) { set(w, in.ops[0], l, cvt_half(in, val(w, in.ops[1], l))); });
    return;
  }
  const Type dt = in.type, st = in.type2;
  const bool flush = in.has(kFtz);
  const bool sat = in.has(kSat);
  const IntToInt int_to_int(st, dt, sat);
  if (!is_float(st) && !is_float(dt)) {
    // Integer → integer from a register or an immediate (cvt.s64.s32 and kin: address
    // arithmetic), with the operands resolved once instead of per lane.
    LaneDest d;
    LaneSource a;
    if (bind_dest(w, in.ops[0], d) && a.bind(w, in.ops[1])) {
      for_lanes(mask, [&](unsigned l) { d.row[l] = int_to_int(a[l]) & d.mask; });
      return;
    }
  }
  const unsigned dbits = type_bits(dt), sbits = type_bits(st);
  for_lanes(mask, [&](unsigned l) {
    std::uint64_t a = val(w, in.ops[1], l);
    std::uint64_t d = 0;
    if (!is_float(st) && !is_float(dt)) {
      d = int_to_int(a);
    } else if (!is_float(st)) {
      // integer → float, rounded as requested
      fp::RoundingScope scope(in.rnd);
      bool sg = is_signed(st);
      std::int64_t sv = sext(a, sbits);
      std::uint64_t uv = a & width_mask(sbits);
      if (dt == Type::F32) {
        float f = sg ? static_cast<float>(sv) : static_cast<float>(uv);
        d = fp::out32(f, flush, sat);
      } else {
        double f = sg ? static_cast<double>(sv) : static_cast<double>(uv);
        d = fp::out64(f, sat);
      }
    } else if (!is_float(dt)) {
      // float → integer
      double x = st == Type::F32 ? static_cast<double>(flush ? fp::ftz(fp::f32(a)) : fp::f32(a))
                                 : fp::f64(a);
      d = float_to_int(x, dt, in.rnd);
      if (is_signed(dt)) d = static_cast<std::uint64_t>(sext(d, dbits));
    } else {
      // float → float
      bool integral = in.rnd == Rounding::RNI || in.rnd == Rounding::RZI ||
                      in.rnd == Rounding::RMI || in.rnd == Rounding::RPI;
      if (st == Type::F32) {
        float x = fp::f32(a);
        if (flush) x = fp::ftz(x);
        if (dt == Type::F32) {
          if (integral) x = static_cast<float>(round_integral(x, in.rnd));
          d = fp::out32(x, flush, sat);
        } else {
          double y = x;
          if (integral) y = round_integral(y, in.rnd);
          d = fp::out64(y, sat);
        }
      } else {
        double x = fp::f64(a);
        if (integral) x = round_integral(x, in.rnd);
        if (dt == Type::F32) {
          fp::RoundingScope scope(integral ? Rounding::RN : in.rnd);
          d = fp::out32(static_cast<float>(x), flush, sat);
        } else {
          d = fp::out64(x, sat);
        }
      }
    }
    set(w, in.ops[0], l, d);
  });
}

}  // namespace wf::ptx
