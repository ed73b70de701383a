// Loose round robin (LRR) issue arbiter: the baseline warp scheduler of GPGPU-Sim and of the
// BAWS paper. Each cycle it grants the first ready warp after the one granted last.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class LrrArbiter;

struct LrrArbiterParams {
  using Block = LrrArbiter;
  unsigned num_warps = 24;  // warps this scheduler arbitrates between

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configurations a machine preset uses (several when the preset offers variants).
  static std::vector<LrrArbiterParams> for_machine(const Machine& m);
};

class LrrArbiter {
 public:
  using Params = LrrArbiterParams;
  static constexpr const char* kName = "lrr_arbiter";

  struct In {
    std::uint64_t ready = 0;  // bit w: warp w has a valid, ready instruction
  };
  struct Out {
    bool grant_valid = false;
    unsigned grant_warp = 0;  // meaningful when grant_valid
    std::uint64_t grant = 0;  // one-hot grant_warp, zero when no grant
    bool operator==(const Out&) const = default;
  };

  explicit LrrArbiter(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  void tick(const In& in) { tick(in, eval(in)); }
  // The same clock edge when the caller already has `out` = eval(in) (the SM's BlockSlot).
  void tick(const In& in, const Out& out);
  void reset() { last_ = p_.num_warps - 1; }  // so that warp 0 goes first after reset
  // Read-only state, for coverage models (harness/coverage/) that classify a decision by
  // the state it was made from.
  unsigned last_warp() const { return last_; }  // the round robin starts after it

  unsigned last_granted() const { return last_; }

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  unsigned last_ = 0;
};

}  // namespace wf::blocks
