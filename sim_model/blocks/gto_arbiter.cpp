#include "sim_model/blocks/gto_arbiter.h"

#include <algorithm>

#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::vector<GtoArbiterParams> GtoArbiterParams::for_machine(const Machine& m) {
  GtoArbiterParams p;
  p.num_warps = std::max(2u, m.warps_per_scheduler());
  p.num_cta_slots = std::max(2u, m.max_ctas);
  return {p};
}

const std::vector<ParamDesc>& GtoArbiterParams::describe() {
  using P = GtoArbiterParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_warps", "w", "warps arbitrated by this scheduler", &P::num_warps, 2, 64),
      uint_param<P>("num_cta_slots", "c", "CTA slots per SM", &P::num_cta_slots, 2, 32),
  };
  return table;
}

GtoArbiter::Out GtoArbiter::eval(const In& in) const {
  Out out;
  const std::uint64_t ready = in.ready & low_mask(p_.num_warps);
  int pick = -1;
  if (greedy_valid_ && ((ready >> greedy_warp_) & 1)) {
    pick = static_cast<int>(greedy_warp_);
  } else {
    // Oldest: smallest (CTA age, warp id); scanning upwards with a strict '<' keeps the
    // lower warp on ties.
    unsigned best_age = 0;
    for (unsigned w = 0; w < p_.num_warps; ++w) {
      if (!((ready >> w) & 1)) continue;
      const unsigned age = in.cta_age[in.warp_cta[w]];
      if (pick < 0 || age < best_age) {
        pick = static_cast<int>(w);
        best_age = age;
      }
    }
  }
  if (pick >= 0) {
    out.grant_valid = true;
    out.grant_warp = static_cast<unsigned>(pick);
    out.grant = std::uint64_t{1} << pick;
  }
  return out;
}

void GtoArbiter::tick(const In&, const Out& out) {
  if (out.grant_valid) {
    greedy_valid_ = true;
    greedy_warp_ = out.grant_warp;
  }
}

std::vector<PortValue> GtoArbiter::in_ports(const Params& p, const In& in) {
  return {{"ready_i", BitVec(p.num_warps, in.ready)},
          {"warp_cta_i", pack_fields(in.warp_cta, p.num_warps, p.cta_bits())},
          {"cta_age_i", pack_fields(in.cta_age, p.num_cta_slots, p.cta_bits())}};
}

std::vector<PortValue> GtoArbiter::out_ports(const Params& p, const Out& out) {
  return {{"grant_valid_o", BitVec(1, out.grant_valid)},
          {"grant_warp_o", BitVec(clog2(p.num_warps), out.grant_warp)},
          {"grant_o", BitVec(p.num_warps, out.grant)}};
}

}  // namespace wf::blocks
