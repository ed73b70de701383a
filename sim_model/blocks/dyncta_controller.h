// DYNCTA's per-SM CTA-limit controller (Kayiran et al., PACT 2013, Algorithm 1): it counts
// C_idle (cycles in which the SM has no warp to issue and its pipeline is not stalled) and
// C_mem (cycles in which every warp of the SM waits for memory) over a sampling period, and at
// the period's end moves the SM's CTA limit n:
//   C_idle >= t_idle            -> n + 1
//   else C_mem < t_mem_low      -> n + 1
//   else C_mem >= t_mem_high    -> n - 1
//   else                        -> n
// with 1 <= n <= N (a move that would leave the range keeps n), then clears both counters. N is
// the launch's CTAs per SM, at most num_cta_slots: the dispatcher raises `start` in the first
// cycle of every kernel launch with N on `num_ctas`, which sets n = max(1, floor(N / 2)) (the
// paper's initial n) and starts a period. After reset N = num_cta_slots and n =
// max(1, floor(num_cta_slots / 2)).
// Decisions the paper leaves open:
//   - The decision at a period's end includes that last cycle's inputs: the counters hold at
//     most period - 1 cycles, so counter_bits >= log2(period) suffices and they never wrap (no
//     saturation logic); the decision adds the last cycle's input one bit wider.
//   - A period is `period` cycles of calls counted from reset; the caller clocks the block in
//     every cycle (its idle input, no idle and no mem cycle, still advances the period: the
//     block is a timer, unlike the arbiters).
//   - Pausing and unpausing CTAs is the dispatcher's: it compares its SM's CTAs with n.
//   - N comes with `start`, so one controller serves kernels of any occupancy; a `num_ctas`
//     outside 1..num_cta_slots is taken as the nearest bound.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class DynctaController;

struct DynctaControllerParams {
  using Block = DynctaController;
  unsigned num_cta_slots = 8;  // N: the largest CTA limit
  unsigned counter_bits = 11;  // C_idle and C_mem
  unsigned period = 2048;      // sampling period in cycles
  unsigned t_idle = 16;
  unsigned t_mem_low = 128;
  unsigned t_mem_high = 384;

  std::string validate() const;
  static const std::vector<ParamDesc>& describe();
  static std::vector<DynctaControllerParams> for_machine(const Machine& m);
  unsigned limit_bits() const { return count_width(num_cta_slots); }
  unsigned phase_bits() const { return clog2(period); }
  unsigned initial_limit() const { return num_cta_slots / 2 ? num_cta_slots / 2 : 1; }
};

class DynctaController {
 public:
  using Params = DynctaControllerParams;
  static constexpr const char* kName = "dyncta_controller";

  struct In {
    bool idle = false;          // this cycle counts into C_idle
    bool mem = false;           // this cycle counts into C_mem
    bool start = false;         // a kernel launch: N = num_ctas, n = max(1, N / 2), new period
    std::uint8_t num_ctas = 0;  // N of the launch (read with start)
  };
  struct Out {
    std::uint8_t limit = 0;  // n: the SM's CTA limit this cycle
    bool operator==(const Out&) const = default;
  };
  // What the edge at the end of a cycle does to n.
  enum class Decision { kNone, kRaiseIdle, kRaiseMem, kLower, kKeep };

  explicit DynctaController(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In&) const { return Out{limit_}; }
  void tick(const In& in);
  void reset();

  // Read-only state for the coverage model.
  unsigned phase() const { return phase_; }
  unsigned idle_count() const { return idle_count_; }
  unsigned mem_count() const { return mem_count_; }
  unsigned max_limit() const { return max_limit_; }
  // The N that `start` with `num_ctas` loads.
  unsigned launch_limit(unsigned num_ctas) const;
  // The rule the edge after a cycle with input `in` applies (kNone before a period's end),
  // before the range check.
  Decision decision(const In& in) const;

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  unsigned phase_ = 0;  // cycles of the current period before this one
  unsigned idle_count_ = 0, mem_count_ = 0;
  std::uint8_t limit_ = 1;
  unsigned max_limit_ = 1;  // N
};

}  // namespace wf::blocks
