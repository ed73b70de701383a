#include "sim_model/blocks/saws_arbiter.h"

#include <algorithm>

#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::vector<SawsArbiterParams> SawsArbiterParams::for_machine(const Machine& m) {
  SawsArbiterParams p;
  p.num_warps = std::max(2u, m.warps_per_scheduler());
  p.num_cta_slots = std::max(2u, m.max_ctas);
  p.max_warps_per_cta = m.max_warps_per_cta;
  SawsArbiterParams lrr = p, gto = p;
  lrr.inner = InnerPolicy::kLrr;
  gto.inner = InnerPolicy::kGto;
  return {lrr, gto};
}

const std::vector<ParamDesc>& SawsArbiterParams::describe() {
  using P = SawsArbiterParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_warps", "w", "warps arbitrated by this scheduler", &P::num_warps, 2, 64),
      uint_param<P>("num_cta_slots", "c", "CTA slots per SM", &P::num_cta_slots, 2, 32),
      uint_param<P>("max_warps_per_cta", "m", "largest CTA in warps (WPT count range)",
                    &P::max_warps_per_cta, 1, 64),
      enum_param<P, InnerPolicy>("inner", "", "policy inside the chosen CTA", &P::inner,
                                 {{"lrr", InnerPolicy::kLrr}, {"gto", InnerPolicy::kGto}}),
  };
  return table;
}

void SawsArbiter::reset() {
  order_.reset();
  // LRR starts each CTA at warp 0: the round robin begins after the last warp.
  last_warp_.fill(static_cast<std::uint8_t>(p_.num_warps - 1));
  last_valid_.fill(false);
}

SawsArbiter::Out SawsArbiter::eval(const In& in) const {
  Out out;
  const std::uint64_t ready = in.ready & low_mask(p_.num_warps);
  const std::uint32_t has_ready =
      ctas_with_warps(ready, in.warp_cta, p_.num_warps, p_.num_cta_slots);
  const int cta = order_.first_cta(has_ready, in.wpt_count);
  if (cta < 0) return out;

  const std::uint64_t mine = warps_of_cta(ready, in.warp_cta, p_.num_warps, cta);
  const unsigned last = last_warp_[cta];
  int pick;
  if (p_.inner == InnerPolicy::kLrr) {
    pick = first_after(mine, last, p_.num_warps);
  } else {
    pick = (last_valid_[cta] && ((mine >> last) & 1)) ? static_cast<int>(last) : lowest(mine);
  }
  out.grant_valid = true;
  out.grant_warp = static_cast<unsigned>(pick);
  out.grant = std::uint64_t{1} << pick;
  return out;
}

void SawsArbiter::tick(const In& in, const Out& out) {
  if (out.grant_valid) {
    const unsigned cta = in.warp_cta[out.grant_warp];
    last_warp_[cta] = static_cast<std::uint8_t>(out.grant_warp);
    last_valid_[cta] = true;
  }
  order_.tick(in.wpt_count);
}

std::vector<PortValue> SawsArbiter::in_ports(const Params& p, const In& in) {
  return {{"ready_i", BitVec(p.num_warps, in.ready)},
          {"warp_cta_i", pack_fields(in.warp_cta, p.num_warps, p.cta_bits())},
          {"wpt_count_i", pack_fields(in.wpt_count, p.num_cta_slots, p.count_bits())}};
}

std::vector<PortValue> SawsArbiter::out_ports(const Params& p, const Out& out) {
  return {{"grant_valid_o", BitVec(1, out.grant_valid)},
          {"grant_warp_o", BitVec(p.warp_bits(), out.grant_warp)},
          {"grant_o", BitVec(p.num_warps, out.grant)}};
}

}  // namespace wf::blocks
