// Greedy-then-oldest (GTO) issue arbiter (Rogers et al., MICRO 2012): keep issuing the warp
// issued last while it can issue; otherwise the oldest ready warp. A warp's age is its CTA's
// dispatch order (all warps of a CTA share it); ties go to the lower warp id.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class GtoArbiter;

struct GtoArbiterParams {
  using Block = GtoArbiter;
  unsigned num_warps = 24;     // warps arbitrated by this scheduler
  unsigned num_cta_slots = 8;  // CTA slots of the SM

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configurations a machine preset uses (several when the preset offers variants).
  static std::vector<GtoArbiterParams> for_machine(const Machine& m);
  unsigned cta_bits() const { return clog2(num_cta_slots); }
};

class GtoArbiter {
 public:
  using Params = GtoArbiterParams;
  static constexpr const char* kName = "gto_arbiter";
  static constexpr unsigned kMaxWarps = 64;
  static constexpr unsigned kMaxCtas = 32;

  struct In {
    std::uint64_t ready = 0;                         // bit w: warp w can issue
    std::array<std::uint8_t, kMaxWarps> warp_cta{};  // CTA slot of each warp
    // Dispatch rank of each CTA slot among the SM's resident CTAs, 0 = oldest. The SM's CTA
    // dispatcher maintains it; ranks of different slots may tie (then warp id decides).
    std::array<std::uint8_t, kMaxCtas> cta_age{};
  };
  struct Out {
    bool grant_valid = false;
    unsigned grant_warp = 0;
    std::uint64_t grant = 0;
    bool operator==(const Out&) const = default;
  };

  explicit GtoArbiter(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  void tick(const In& in) { tick(in, eval(in)); }
  // The same clock edge when the caller already has `out` = eval(in) (the SM's BlockSlot).
  void tick(const In& in, const Out& out);
  // Read-only state, for coverage models (harness/coverage/) that classify a decision by
  // the state it was made from: the warp granted last, none after reset.
  std::optional<unsigned> greedy_warp() const {
    return greedy_valid_ ? std::optional<unsigned>(greedy_warp_) : std::nullopt;
  }
  void reset() {
    greedy_valid_ = false;
    greedy_warp_ = 0;
  }

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  bool greedy_valid_ = false;
  unsigned greedy_warp_ = 0;
};

}  // namespace wf::blocks
