// IEEE helpers with the PTX conventions: flush-to-zero, saturation, NVIDIA's canonical f32 NaN,
// and scoped host rounding modes for the directed-rounding modifiers.
#pragma once

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "sim_model/ptx/types.h"

namespace wf::ptx::fp {

constexpr std::uint32_t kCanonicalNaN32 = 0x7fffffffu;
constexpr std::uint64_t kCanonicalNaN64 = 0x7fffffffffffffffull;

inline float f32(std::uint64_t bits) {
  std::uint32_t u = static_cast<std::uint32_t>(bits);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline double f64(std::uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}
inline std::uint64_t bits32(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline std::uint64_t bits64(double d) {
  std::uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

// Flush a subnormal to zero of the same sign (.ftz, f32 only in PTX).
inline float ftz(float x) {
  return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}

// f32 results: hardware never returns a NaN payload, always 0x7fffffff.
inline std::uint64_t out32(float x, bool flush, bool sat) {
  if (flush) x = ftz(x);
  if (sat) {
    if (std::isnan(x)) return 0;
    if (x <= 0.0f) return 0;  // also turns -0.0 into +0.0
    if (x > 1.0f) x = 1.0f;
  }
  if (std::isnan(x)) return kCanonicalNaN32;
  return bits32(x);
}
inline std::uint64_t out64(double x, bool sat) {
  if (sat) {
    if (std::isnan(x) || x <= 0.0) return 0;
    if (x > 1.0) x = 1.0;
  }
  if (std::isnan(x)) return kCanonicalNaN64;
  return bits64(x);
}

// Sets the host rounding mode for a directed-rounding modifier for one scope.
class RoundingScope {
 public:
  explicit RoundingScope(Rounding r) {
    int mode = FE_TONEAREST;
    switch (r) {
      case Rounding::RZ:
      case Rounding::RZI:
        mode = FE_TOWARDZERO;
        break;
      case Rounding::RM:
      case Rounding::RMI:
        mode = FE_DOWNWARD;
        break;
      case Rounding::RP:
      case Rounding::RPI:
        mode = FE_UPWARD;
        break;
      default:
        break;
    }
    if (mode != FE_TONEAREST) {
      old_ = std::fegetround();
      std::fesetround(mode);
      changed_ = true;
    }
  }
  ~RoundingScope() {
    if (changed_) std::fesetround(old_);
  }
  RoundingScope(const RoundingScope&) = delete;
  RoundingScope& operator=(const RoundingScope&) = delete;

 private:
  int old_ = FE_TONEAREST;
  bool changed_ = false;
};

}  // namespace wf::ptx::fp
