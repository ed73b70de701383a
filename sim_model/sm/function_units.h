// The SM's execution pipelines: SP x N, SFU x N, LD/ST x N. Each unit takes a new warp once
// its initiation interval has passed since the last one; the latency (issue to writeback) is
// the instruction's, looked up here from its class.
#pragma once

#include <array>
#include <cstdint>

#include "sim_model/ptx/instr.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm {

enum class Unit : std::uint8_t { kSp, kSfu, kLdSt };
inline constexpr unsigned kNumUnits = 3;

struct Timing {
  Unit unit = Unit::kSp;
  unsigned latency = 1;
  unsigned interval = 1;
};

// Unit and latency of an instruction class. Memory and atomics only name their unit: their
// latency comes from the load/store path.
Timing timing_of(ptx::OpClass cls, const TimingConfig& c);

// timing_of for every class, worked out once: issue looks up each instruction it classifies,
// and a table load costs less than the switch's indirect jump.
class TimingTable {
 public:
  explicit TimingTable(const TimingConfig& c) {
    for (unsigned k = 0; k < ptx::kNumOpClasses; ++k)
      by_class_[k] = timing_of(static_cast<ptx::OpClass>(k), c);
  }
  const Timing& operator()(const ptx::Instr& in) const {
    return by_class_[static_cast<unsigned>(in.cls)];
  }

 private:
  std::array<Timing, ptx::kNumOpClasses> by_class_{};
};

class FunctionUnits {
 public:
  explicit FunctionUnits(const TimingConfig& c);

  bool available(Unit u, std::uint64_t now) const { return first_free(u, now) >= 0; }
  // Occupies a free unit of kind u for `interval` cycles and returns the cycle it frees (the SM
  // may not sleep before it). Call only when available().
  std::uint64_t claim(Unit u, std::uint64_t now, unsigned interval);
  // The first cycle after `now` at which some unit frees, or ~0 when none is occupied.
  std::uint64_t next_free_after(std::uint64_t now) const;
  void reset();

 private:
  static constexpr unsigned kMaxPerKind = 8;  // the preset's sp_units, sfu_units, ldst_units

  int first_free(Unit u, std::uint64_t now) const {
    const unsigned k = static_cast<unsigned>(u);
    for (unsigned i = first_[k]; i < first_[k] + count_[k]; ++i)
      if (free_at_[i] <= now) return static_cast<int>(i);
    return -1;
  }

  // Every unit's free cycle in one array, kind after kind (a kind's units from first_[kind]):
  // a few adjacent words, on the line of the SM's state that issue reads anyway, rather than a
  // heap block per kind.
  std::array<std::uint8_t, kNumUnits> first_{}, count_{};
  std::array<std::uint64_t, kNumUnits * kMaxPerKind> free_at_{};
};

}  // namespace wf::sm
