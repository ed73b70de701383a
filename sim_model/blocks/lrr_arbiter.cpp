#include "sim_model/blocks/lrr_arbiter.h"

#include <algorithm>

#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::vector<LrrArbiterParams> LrrArbiterParams::for_machine(const Machine& m) {
  LrrArbiterParams p;
  p.num_warps = std::max(2u, m.warps_per_scheduler());
  return {p};
}

const std::vector<ParamDesc>& LrrArbiterParams::describe() {
  static const std::vector<ParamDesc> table = {
      uint_param<LrrArbiterParams>("num_warps", "w", "warps arbitrated by this scheduler",
                                   &LrrArbiterParams::num_warps, 2, 64),
  };
  return table;
}

LrrArbiter::Out LrrArbiter::eval(const In& in) const {
  Out out;
  const int w = first_after(in.ready & low_mask(p_.num_warps), last_, p_.num_warps);
  if (w >= 0) {
    out.grant_valid = true;
    out.grant_warp = static_cast<unsigned>(w);
    out.grant = std::uint64_t{1} << w;
  }
  return out;
}

void LrrArbiter::tick(const In&, const Out& out) {
  if (out.grant_valid) last_ = out.grant_warp;
}

std::vector<PortValue> LrrArbiter::in_ports(const Params& p, const In& in) {
  return {{"ready_i", BitVec(p.num_warps, in.ready)}};
}

std::vector<PortValue> LrrArbiter::out_ports(const Params& p, const Out& out) {
  return {{"grant_valid_o", BitVec(1, out.grant_valid)},
          {"grant_warp_o", BitVec(clog2(p.num_warps), out.grant_warp)},
          {"grant_o", BitVec(p.num_warps, out.grant)}};
}

}  // namespace wf::blocks
