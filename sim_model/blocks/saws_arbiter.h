// SAWS issue arbiter (Liu, Yang and Melhem, MICRO 2015; the comparison point of BAWS section
// 6.6): the CTA that first hit its current barrier goes first. A drop-in alternative to
// the MWF arbiter with the same ports: only the CTA order differs (first_hit_order.h has the rule):
// waiting CTAs (WPT count non-zero) by first-hit time, earliest first, then CTAs not waiting;
// ties -- first hits in the same cycle, or not waiting -- to the smaller CTA slot.
// Inside the chosen CTA the inner policy picks the warp, exactly as in the MWF arbiter:
//   lrr: round robin, starting after the warp this CTA issued last;
//   gto: the warp this CTA issued last if it can issue, else the CTA's smallest warp id.
// The arbiter sees a CTA's first hit and its release through the count alone, so the counts
// must be the WPT's count_o of the same cycle (as the MWF arbiter receives them).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/first_hit_order.h"
#include "sim_model/blocks/inner_policy.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class SawsArbiter;

struct SawsArbiterParams {
  using Block = SawsArbiter;
  unsigned num_warps = 24;          // warps arbitrated by this scheduler
  unsigned num_cta_slots = 8;       // CTA slots per SM
  unsigned max_warps_per_cta = 48;  // sets the WPT count width
  InnerPolicy inner = InnerPolicy::kGto;

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configurations a machine preset uses: inner=lrr and inner=gto.
  static std::vector<SawsArbiterParams> for_machine(const Machine& m);
  unsigned warp_bits() const { return clog2(num_warps); }
  unsigned cta_bits() const { return clog2(num_cta_slots); }
  unsigned count_bits() const { return count_width(max_warps_per_cta); }
};

class SawsArbiter {
 public:
  using Params = SawsArbiterParams;
  static constexpr const char* kName = "saws_arbiter";
  static constexpr unsigned kMaxWarps = 64;
  static constexpr unsigned kMaxCtas = 32;

  struct In {
    // Bit w: warp w (scheduler-local id) has a valid instruction that can issue this cycle.
    std::uint64_t ready = 0;
    // CTA slot of each warp; entries of warps that are not ready are ignored.
    std::array<std::uint8_t, kMaxWarps> warp_cta{};
    // Per CTA slot, the WPT's count_o this cycle (warps waiting at the barrier); only zero /
    // non-zero matters here.
    std::array<std::uint8_t, kMaxCtas> wpt_count{};
  };
  struct Out {
    bool grant_valid = false;  // some warp is granted
    unsigned grant_warp = 0;   // the granted warp, 0 when none
    std::uint64_t grant = 0;   // one-hot grant_warp, zero when no grant
    bool operator==(const Out&) const = default;
  };

  explicit SawsArbiter(const Params& p) : p_(p), order_(p.num_cta_slots) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  // Call every cycle (also when nothing is granted): the first-hit order follows the counts.
  void tick(const In& in) { tick(in, eval(in)); }
  // The same clock edge when the caller already has `out` = eval(in) (the SM's BlockSlot).
  void tick(const In& in, const Out& out);
  void reset();
  // Read-only state, for coverage models (harness/coverage/): the warp CTA slot `cta` issued
  // last as the inner policy uses it (lrr always starts after it; gto has none until the CTA
  // issued).
  std::optional<unsigned> inner_last(unsigned cta) const {
    if (p_.inner == InnerPolicy::kGto && !last_valid_[cta]) return std::nullopt;
    return last_warp_[cta];
  }

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  FirstHitOrder order_;
  std::array<std::uint8_t, kMaxCtas> last_warp_{};  // per CTA slot: the warp it issued last
  std::array<bool, kMaxCtas> last_valid_{};         // gto only: last_warp_ is meaningful
};

}  // namespace wf::blocks
