// Warp priority table (WPT) of BAWS (Liu et al., ICS 2016, section 4.1.2): per CTA slot, the
// number of the CTA's warps waiting at its barrier. A warp's arrival increments its CTA's
// count, the barrier's release clears it. With 8 CTA slots and up to 48 warps per CTA this is
// 8 x 6 = 48 flip-flops: the paper's "6 bytes per SM".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class WarpPriorityTable;

struct WarpPriorityTableParams {
  using Block = WarpPriorityTable;
  unsigned num_cta_slots = 8;       // rows of the table
  unsigned max_warps_per_cta = 48;  // the count saturates here
  unsigned num_arrive_ports = 2;    // barrier arrivals per cycle (one per warp scheduler)

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configurations a machine preset uses (several when the preset offers variants).
  static std::vector<WarpPriorityTableParams> for_machine(const Machine& m);
  unsigned cta_bits() const { return clog2(num_cta_slots); }
  unsigned count_bits() const { return count_width(max_warps_per_cta); }
};

class WarpPriorityTable {
 public:
  using Params = WarpPriorityTableParams;
  static constexpr const char* kName = "warp_priority_table";
  static constexpr unsigned kMaxCtas = 32;
  static constexpr unsigned kMaxPorts = 4;

  struct In {
    // Port p: a warp arrives at a barrier. Each warp arrives once per barrier, so between two
    // releases of a slot its arrivals never exceed the CTA's warps (the properties assume it).
    std::array<bool, kMaxPorts> arrive_valid{};
    std::array<std::uint8_t, kMaxPorts> arrive_cta{};  // ... of this CTA slot
    std::uint32_t release = 0;  // bit s: CTA slot s's barrier releases (or the CTA ends)
  };
  struct Out {
    std::array<std::uint8_t, kMaxCtas> count{};  // waiting warps per CTA slot
    bool operator==(const Out&) const = default;
  };

  explicit WarpPriorityTable(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In&) const { return Out{count_}; }
  // A release wins over arrivals in the same cycle: the barrier unit releases in the cycle the
  // last warp arrives, and that arrival must not leak into the next barrier's count.
  void tick(const In& in);
  void reset() { count_.fill(0); }

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  std::array<std::uint8_t, kMaxCtas> count_{};
};

}  // namespace wf::blocks
