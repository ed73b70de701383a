// Stall counter bank of BLOCKLAT (the paper's warp scheduler, Algorithm 1 step 1 and its
// "Hardware Overhead" paragraph): one private saturating counter per hardware warp that counts
// the cycles the warp could not issue for a control hazard, a RAW (data) hazard or a stalled
// pipeline. Each cycle `stall` names the warps that stalled and `clear` the warps whose CTA
// completed; a cleared counter restarts at 0.
//
// Decisions the paper leaves open:
// - Width: count_bits = 11 (saturating at 2047). The paper gives one counter per warp and no
//   width. 11 bits hold a few round trips to DRAM of the gtx480 model (some 400 to 700 cycles
//   each) before the counter saturates, and are the width of the SM's other cycle counters in
//   this family (DYNCTA's C_idle / C_mem); at 24 warps per scheduler that is 264 flip-flops.
// - Saturation: a counter at its maximum stays there; it never wraps (a wrap would make the
//   most-stalled warp the least-stalled one).
// - A clear wins over a stall in the same cycle: the counter becomes 0.
// The counters are the outputs, registered: a cycle's stalls show in the next cycle's counts.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class StallCounterBank;

struct StallCounterBankParams {
  using Block = StallCounterBank;
  unsigned num_warps = 24;   // counters: the warps of one scheduler
  unsigned count_bits = 11;  // width of each counter (see the header comment)

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configurations a machine preset uses: one, a scheduler's warps.
  static std::vector<StallCounterBankParams> for_machine(const Machine& m);
  unsigned max_count() const { return (1u << count_bits) - 1; }
};

class StallCounterBank {
 public:
  using Params = StallCounterBankParams;
  static constexpr const char* kName = "stall_counter_bank";
  static constexpr unsigned kMaxWarps = 64;
  // The BLOCKLAT default width, shared with the arbiter that reads the counts.
  static constexpr unsigned kDefaultCountBits = 11;

  struct In {
    std::uint64_t stall = 0;  // bit w: warp w stalled this cycle (control, data, structural)
    std::uint64_t clear = 0;  // bit w: warp w's CTA completed, its counter restarts at 0
  };
  struct Out {
    std::array<std::uint16_t, kMaxWarps> count{};  // each warp's stall cycles, saturated
    bool operator==(const Out&) const = default;
  };

  explicit StallCounterBank(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In&) const { return Out{count_}; }
  void tick(const In& in);
  void reset() { count_.fill(0); }

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  std::array<std::uint16_t, kMaxWarps> count_{};
};

}  // namespace wf::blocks
