// Single- and double-precision arithmetic. Correctly rounded operations use the host FPU under
// the requested rounding mode (this file is built with -frounding-math). The .approx
// transcendental instructions (ex2, lg2, sin, cos, tanh, rsqrt, rcp/div/sqrt .approx) use the
// correctly rounded host libm result instead of the hardware's table-based approximation: those
// are within the ISA's stated error bounds, so results can differ from a GPU in the last bits.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/fp.h"
#include "sim_model/ptx/half.h"

namespace wf::ptx {
namespace {

template <class T>
T fmin_ptx(T a, T b, bool is_min) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == 0 && b == 0) {
    // -0.0 < +0.0 for min/max
    bool neg = is_min ? (std::signbit(a) || std::signbit(b)) : (std::signbit(a) && std::signbit(b));
    return neg ? -T(0) : T(0);
  }
  return is_min ? (a < b ? a : b) : (a > b ? a : b);
}

template <class T>
bool testp(T x, TestpOp op) {
  switch (op) {
    case TestpOp::Finite:
      return std::isfinite(x);
    case TestpOp::Infinite:
      return std::isinf(x);
    case TestpOp::Number:
      return !std::isnan(x);
    case TestpOp::NotANumber:
      return std::isnan(x);
    case TestpOp::Normal:
      return std::isnormal(x) || x == 0;
    case TestpOp::Subnormal:
      return std::fpclassify(x) == FP_SUBNORMAL;
  }
  return false;
}

}  // namespace

void Executor::exec_float(const Instr& in, Warp& w, std::uint64_t mask) {
  if (in.type == Type::F16 || in.type == Type::F16x2) {
    for_lanes(mask, [&](unsigned l) {
      std::uint64_t b = in.nops > 2 ? val(w, in.ops[2], l) : 0;
      std::uint64_t c = in.nops > 3 ? val(w, in.ops[3], l) : 0;
      set(w, in.ops[0], l, half::exec(in, val(w, in.ops[1], l), b, c));
    });
    return;
  }
  const bool flush = in.has(kFtz);
  const bool sat = in.has(kSat);
  fp::RoundingScope scope(in.rnd);
  if (in.type == Type::F32) {
    for_lanes(mask, [&](unsigned l) {
      float a = fp::f32(val(w, in.ops[1], l));
      float b = in.nops > 2 ? fp::f32(val(w, in.ops[2], l)) : 0.0f;
      float c = in.nops > 3 ? fp::f32(val(w, in.ops[3], l)) : 0.0f;
      if (flush) {
        a = fp::ftz(a);
        b = fp::ftz(b);
        c = fp::ftz(c);
      }
      std::uint64_t d = 0;
      switch (in.op) {
        case Op::Add:
          d = fp::out32(a + b, flush, sat);
          break;
        case Op::Sub:
          d = fp::out32(a - b, flush, sat);
          break;
        case Op::Mul:
          d = fp::out32(a * b, flush, sat);
          break;
        case Op::Mad:
        case Op::Fma:
          d = fp::out32(std::fma(a, b, c), flush, sat);
          break;
        case Op::Div:
          d = fp::out32(a / b, flush, sat);
          break;
        case Op::Rcp:
          d = fp::out32(1.0f / a, flush, sat);
          break;
        case Op::Sqrt:
          d = fp::out32(std::sqrt(a), flush, sat);
          break;
        case Op::Rsqrt:
          d = fp::out32(static_cast<float>(1.0 / std::sqrt(static_cast<double>(a))), flush, sat);
          break;
        case Op::Ex2:
          d = fp::out32(std::exp2(a), flush, sat);
          break;
        case Op::Lg2:
          d = fp::out32(std::log2(a), flush, sat);
          break;
        case Op::Sin:
          d = fp::out32(std::sin(a), flush, sat);
          break;
        case Op::Cos:
          d = fp::out32(std::cos(a), flush, sat);
          break;
        case Op::Tanh:
          d = fp::out32(std::tanh(a), flush, sat);
          break;
        case Op::Min:
        case Op::Max: {
          if (std::isnan(a) && std::isnan(b)) {
            d = fp::kCanonicalNaN32;
          } else if (in.has(kNaN) && (std::isnan(a) || std::isnan(b))) {
            d = fp::kCanonicalNaN32;
          } else if (in.has(kXorSign)) {
            float r = fmin_ptx(std::fabs(a), std::fabs(b), in.op == Op::Min);
            bool neg = std::signbit(a) != std::signbit(b);
            d = fp::out32(neg ? -r : r, flush, false);
          } else {
            d = fp::out32(fmin_ptx(a, b, in.op == Op::Min), flush, false);
          }
          break;
        }
        case Op::Abs:
          d = fp::bits32(a) & 0x7fffffffu;
          break;
        case Op::Neg:
          d = fp::bits32(a) ^ 0x80000000u;
          break;
        case Op::Testp:
          d = testp(fp::f32(val(w, in.ops[1], l)), static_cast<TestpOp>(in.sub));
          break;
        case Op::Copysign:
          d = (fp::bits32(b) & 0x7fffffffu) | (fp::bits32(a) & 0x80000000u);
          break;
        default:
          fault(w, l, "internal error: float unit got an unexpected opcode");
      }
      set(w, in.ops[0], l, d);
    });
    return;
  }
  if (in.type != Type::F64)
    fault(w, std::countr_zero(mask), fmt::format("unsupported float type {}", type_name(in.type)));
  for_lanes(mask, [&](unsigned l) {
    double a = fp::f64(val(w, in.ops[1], l));
    double b = in.nops > 2 ? fp::f64(val(w, in.ops[2], l)) : 0.0;
    double c = in.nops > 3 ? fp::f64(val(w, in.ops[3], l)) : 0.0;
    std::uint64_t d = 0;
    switch (in.op) {
      case Op::Add:
        d = fp::out64(a + b, sat);
        break;
      case Op::Sub:
        d = fp::out64(a - b, sat);
        break;
      case Op::Mul:
        d = fp::out64(a * b, sat);
        break;
      case Op::Mad:
      case Op::Fma:
        d = fp::out64(std::fma(a, b, c), sat);
        break;
      case Op::Div:
        d = fp::out64(a / b, sat);
        break;
      case Op::Rcp:
        d = fp::out64(1.0 / a, sat);
        break;
      case Op::Sqrt:
        d = fp::out64(std::sqrt(a), sat);
        break;
      case Op::Rsqrt:
        d = fp::out64(1.0 / std::sqrt(a), sat);
        break;
      case Op::Ex2:
        d = fp::out64(std::exp2(a), sat);
        break;
      case Op::Lg2:
        d = fp::out64(std::log2(a), sat);
        break;
      case Op::Sin:
        d = fp::out64(std::sin(a), sat);
        break;
      case Op::Cos:
        d = fp::out64(std::cos(a), sat);
        break;
      case Op::Tanh:
        d = fp::out64(std::tanh(a), sat);
        break;
      case Op::Min:
      case Op::Max:
        if ((std::isnan(a) && std::isnan(b)) ||
            (in.has(kNaN) && (std::isnan(a) || std::isnan(b)))) {
          d = fp::kCanonicalNaN64;
        } else {
          d = fp::bits64(fmin_ptx(a, b, in.op == Op::Min));
        }
        break;
      case Op::Abs:
        d = fp::bits64(a) & 0x7fffffffffffffffull;
        break;
      case Op::Neg:
        d = fp::bits64(a) ^ 0x8000000000000000ull;
        break;
      case Op::Testp:
        d = testp(a, static_cast<TestpOp>(in.sub));
        break;
      case Op::Copysign:
        d = (fp::bits64(b) & 0x7fffffffffffffffull) | (fp::bits64(a) & 0x8000000000000000ull);
        break;
      default:
        fault(w, l, "internal error: float unit got an unexpected opcode");
    }
    set(w, in.ops[0], l, d);
  });
}

}  // namespace wf::ptx
