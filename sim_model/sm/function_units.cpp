#include "sim_model/sm/function_units.h"

#include <algorithm>
#include <stdexcept>

namespace wf::sm {

Timing timing_of(ptx::OpClass cls, const TimingConfig& c) {
  using ptx::OpClass;
  switch (cls) {
    case OpClass::FloatAlu:
      return {Unit::kSp, c.fp_latency, c.fp_interval};
    case OpClass::DoubleAlu:
      return {Unit::kSp, c.dp_latency, c.dp_interval};
    case OpClass::Sfu:
      return {Unit::kSfu, c.sfu_latency, c.sfu_interval};
    case OpClass::Memory:
    case OpClass::Atomic:
      return {Unit::kLdSt, c.const_latency, 1};
    case OpClass::Control:
      return {Unit::kSp, c.branch_latency, 1};
    case OpClass::IntAlu:
    case OpClass::Barrier:
    case OpClass::WarpOp:
    case OpClass::Nop:
      break;
  }
  return {Unit::kSp, c.int_latency, c.int_interval};
}

FunctionUnits::FunctionUnits(const TimingConfig& c) {
  const std::array<unsigned, kNumUnits> counts{c.sp_units, c.sfu_units, c.ldst_units};
  unsigned next = 0;
  for (unsigned k = 0; k < kNumUnits; ++k) {
    if (counts[k] < 1 || counts[k] > kMaxPerKind)
      throw std::invalid_argument("function units: 1 to 8 units of each kind");
    first_[k] = static_cast<std::uint8_t>(next);
    count_[k] = static_cast<std::uint8_t>(counts[k]);
    next += counts[k];
  }
}

std::uint64_t FunctionUnits::claim(Unit u, std::uint64_t now, unsigned interval) {
  const int i = first_free(u, now);
  if (i < 0) return now;
  return free_at_[static_cast<std::size_t>(i)] = now + interval;
}

std::uint64_t FunctionUnits::next_free_after(std::uint64_t now) const {
  std::uint64_t t = ~std::uint64_t{0};
  const unsigned used = first_[kNumUnits - 1] + count_[kNumUnits - 1];
  for (unsigned i = 0; i < used; ++i)
    if (free_at_[i] > now) t = std::min(t, free_at_[i]);
  return t;
}

void FunctionUnits::reset() {
  free_at_.fill(0);
}

}  // namespace wf::sm
