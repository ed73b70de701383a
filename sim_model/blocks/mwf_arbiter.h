// Most-waiting-first (MWF) issue arbiter of BAWS (Liu et al., ICS 2016, section 4.1): the CTA
// with the most warps waiting at its barrier (from the warp priority table) goes first, ties to
// the smaller CTA slot; inside that CTA the inner policy picks the warp:
//   lrr: round robin, starting after the warp this CTA issued last;
//   gto: the warp this CTA issued last if it can issue, else the oldest (smallest warp id).
// Warps carry their CTA slot as an input, so a CTA's warps need not be contiguous.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/inner_policy.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class MwfArbiter;

struct MwfArbiterParams {
  using Block = MwfArbiter;
  unsigned num_warps = 24;          // warps arbitrated by this scheduler
  unsigned num_cta_slots = 8;       // CTA slots per SM (rows of the WPT)
  unsigned max_warps_per_cta = 48;  // sets the WPT count width
  InnerPolicy inner = InnerPolicy::kGto;

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configurations a machine preset uses (several when the preset offers variants).
  static std::vector<MwfArbiterParams> for_machine(const Machine& m);
  unsigned warp_bits() const { return clog2(num_warps); }
  unsigned cta_bits() const { return clog2(num_cta_slots); }
  unsigned count_bits() const { return count_width(max_warps_per_cta); }
};

class MwfArbiter {
 public:
  using Params = MwfArbiterParams;
  static constexpr const char* kName = "mwf_arbiter";
  static constexpr unsigned kMaxWarps = 64;
  static constexpr unsigned kMaxCtas = 32;

  struct In {
    std::uint64_t ready = 0;
    std::array<std::uint8_t, kMaxWarps> warp_cta{};
    std::array<std::uint8_t, kMaxCtas> wpt_count{};  // the WPT's count_o
  };
  struct Out {
    bool grant_valid = false;
    unsigned grant_warp = 0;
    std::uint64_t grant = 0;
    bool operator==(const Out&) const = default;
  };

  explicit MwfArbiter(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
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
  std::array<std::uint8_t, kMaxCtas> last_warp_{};  // per CTA slot: the warp it issued last
  std::array<bool, kMaxCtas> last_valid_{};         // gto only: last_warp_ is meaningful
};

}  // namespace wf::blocks
