#include "sim_model/sm/function_units.h"

#include <algorithm>

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
  free_at_[static_cast<unsigned>(Unit::kSp)].assign(c.sp_units, 0);
  free_at_[static_cast<unsigned>(Unit::kSfu)].assign(c.sfu_units, 0);
  free_at_[static_cast<unsigned>(Unit::kLdSt)].assign(c.ldst_units, 0);
}

std::uint64_t FunctionUnits::claim(Unit u, std::uint64_t now, unsigned interval) {
  const int i = first_free(u, now);
  if (i < 0) return now;
  return free_at_[static_cast<unsigned>(u)][static_cast<std::size_t>(i)] = now + interval;
}

std::uint64_t FunctionUnits::next_free_after(std::uint64_t now) const {
  std::uint64_t t = ~std::uint64_t{0};
  for (const auto& f : free_at_)
    for (auto v : f)
      if (v > now) t = std::min(t, v);
  return t;
}

void FunctionUnits::reset() {
  for (auto& f : free_at_) std::fill(f.begin(), f.end(), 0);
}

}  // namespace wf::sm
