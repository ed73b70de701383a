// Every f16 operand is exact in double, and so are the sums, differences and products of two of
// them (at most 40 significant bits); only fma needs the two-sum residual to avoid rounding
// twice. NaN results are the canonical 0x7fff, as the ISA specifies for f16 arithmetic.
#include "sim_model/ptx/half.h"

#include <cmath>

namespace wf::ptx::half {

bool is_nan(std::uint16_t h) {
  return (h & 0x7c00) == 0x7c00 && (h & 0x03ff) != 0;
}

double to_double(std::uint16_t h) {
  const bool neg = (h & 0x8000) != 0;
  const unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v;
  if (e == 0x1f)
    v = m ? std::nan("") : INFINITY;
  else if (e == 0)
    v = std::ldexp(static_cast<double>(m), -24);
  else
    v = std::ldexp(static_cast<double>(m | 0x400), static_cast<int>(e) - 25);
  return neg ? -v : v;
}

std::uint16_t from_double(double x, Rounding r, int residual) {
  if (std::isnan(x)) return kCanonicalNaN;
  const std::uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const double ax = std::fabs(x);
  if (ax == 0 && residual == 0) return sign;
  const int res = sign ? -residual : residual;  // residual relative to the magnitude
  // Directed rounding acts on the magnitude: away from zero or towards it.
  bool away_dir = (r == Rounding::RP && !sign) || (r == Rounding::RM && sign);
  bool toward_zero =
      r == Rounding::RZ || (r == Rounding::RP && sign) || (r == Rounding::RM && !sign);
  const std::uint16_t max_finite = 0x7bff, inf = 0x7c00;
  auto overflow = [&]() -> std::uint16_t { return sign | (toward_zero ? max_finite : inf); };
  if (std::isinf(ax)) return sign | inf;
  int exp2;
  std::frexp(ax, &exp2);
  int e = exp2 - 1;  // ax in [2^e, 2^(e+1))
  // Just below a power of two the value belongs to the binade underneath.
  if (res < 0 && ax == std::ldexp(1.0, e)) --e;
  if (e < -14) e = -14;
  if (e > 15) return overflow();
  const double q = std::ldexp(ax, 10 - e);  // exact: a power-of-two scaling
  double n = std::floor(q);
  const double frac = q - n;
  bool up = false;
  if (frac == 0 && res < 0) {
    // the true magnitude is just below n: truncation gives n - 1, nearest keeps n
    if (toward_zero) n -= 1;
  } else if (toward_zero) {
    up = false;
  } else if (away_dir) {
    up = frac > 0 || res > 0;
  } else {  // nearest, ties to even
    if (frac > 0.5 || (frac == 0.5 && res > 0))
      up = true;
    else if (frac == 0.5 && res == 0)
      up = std::fmod(n, 2.0) != 0;
  }
  if (up) n += 1;
  // n counts units of 2^(e-10); n >= 1024 means a normal number with exponent field e + 15.
  std::uint32_t bits =
      n < 1024
          ? static_cast<std::uint32_t>(n)
          : ((static_cast<std::uint32_t>(e + 15) << 10) + static_cast<std::uint32_t>(n) - 1024);
  if (bits >= inf) return overflow();
  return static_cast<std::uint16_t>(sign | bits);
}

namespace {

std::uint16_t flush(std::uint16_t h) {
  return (h & 0x7c00) == 0 ? (h & 0x8000) : h;
}

// min/max: a NaN operand is ignored unless both are NaN; -0 orders below +0.
std::uint16_t minmax(std::uint16_t a, std::uint16_t b, bool is_min, bool nan_prop) {
  bool na = is_nan(a), nb = is_nan(b);
  if (na && nb) return kCanonicalNaN;
  if (na || nb) return nan_prop ? kCanonicalNaN : (na ? b : a);
  double x = to_double(a), y = to_double(b);
  if (x == y) {
    bool neg_a = (a & 0x8000) != 0;
    return is_min ? (neg_a ? a : b) : (neg_a ? b : a);
  }
  return (x < y) == is_min ? a : b;
}

}  // namespace

std::uint16_t arith(const Instr& in, std::uint16_t a, std::uint16_t b, std::uint16_t c) {
  const bool ftz = in.has(kFtz);
  if (ftz) {
    a = flush(a);
    b = flush(b);
    c = flush(c);
  }
  const Rounding rnd = in.rnd == Rounding::None ? Rounding::RN : in.rnd;
  double x = to_double(a), y = to_double(b), z = to_double(c);
  std::uint16_t d = 0;
  switch (in.op) {
    case Op::Add:
      d = from_double(x + y, rnd);
      break;
    case Op::Sub:
      d = from_double(x - y, rnd);
      break;
    case Op::Mul:
      d = from_double(x * y, rnd);
      break;
    case Op::Fma:
    case Op::Mad: {
      // two-sum: s + err == x*y + z exactly (the product is exact in double)
      double p = x * y, s = p + z;
      double bp = s - z, err = (p - bp) + (z - (s - bp));
      if (std::isnan(s) || std::isinf(s)) err = 0;
      d = from_double(s, rnd, err > 0 ? 1 : err < 0 ? -1 : 0);
      break;
    }
    case Op::Min:
    case Op::Max:
      d = minmax(a, b, in.op == Op::Min, in.has(kNaN));
      break;
    case Op::Neg:
      return a ^ 0x8000;
    case Op::Abs:
      return a & 0x7fff;
    case Op::Ex2:
      d = from_double(std::exp2(x), Rounding::RN);
      break;
    default:
      return kCanonicalNaN;
  }
  if (ftz) d = flush(d);
  if (in.has(kRelu) && ((d & 0x8000) || is_nan(d))) d = is_nan(d) ? kCanonicalNaN : 0;
  if (in.has(kSat)) {
    if (is_nan(d) || (d & 0x8000))
      d = 0;
    else if (d > 0x3c00)
      d = 0x3c00;  // positive magnitudes order like their bits
  }
  return d;
}

std::uint64_t exec(const Instr& in, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  auto lo = [](std::uint64_t v) { return static_cast<std::uint16_t>(v); };
  auto hi = [](std::uint64_t v) { return static_cast<std::uint16_t>(v >> 16); };
  if (in.type == Type::F16) return arith(in, lo(a), lo(b), lo(c));
  return arith(in, lo(a), lo(b), lo(c)) | (std::uint64_t{arith(in, hi(a), hi(b), hi(c))} << 16);
}

std::uint64_t add_rn(Type t, std::uint64_t a, std::uint64_t b) {
  Instr in;
  in.op = Op::Add;
  in.type = t;
  in.rnd = Rounding::RN;
  return exec(in, a, b, 0);
}

}  // namespace wf::ptx::half
