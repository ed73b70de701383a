#include "sim_model/blocks/blocklat_arbiter.h"

#include <algorithm>

#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::vector<BlocklatArbiterParams> BlocklatArbiterParams::for_machine(const Machine& m) {
  BlocklatArbiterParams p;
  p.num_warps = std::max(2u, m.warps_per_scheduler());
  p.num_cta_slots = std::max(2u, m.max_ctas);
  return {p};
}

const std::vector<ParamDesc>& BlocklatArbiterParams::describe() {
  using P = BlocklatArbiterParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_warps", "w", "warps arbitrated by this scheduler", &P::num_warps, 2, 64),
      uint_param<P>("num_cta_slots", "c", "CTA slots per SM", &P::num_cta_slots, 2, 32),
      uint_param<P>("count_bits", "b", "width of a stall count", &P::count_bits, 1, 16),
  };
  return table;
}

BlocklatArbiter::Out BlocklatArbiter::eval(const In& in) const {
  Out out;
  const std::uint64_t ready = in.ready & low_mask(p_.num_warps);
  const std::uint32_t has_ready =
      ctas_with_warps(ready, in.warp_cta, p_.num_warps, p_.num_cta_slots);
  const int cta = first_after(has_ready, last_cta_, p_.num_cta_slots);
  if (cta < 0) return out;
  // Upwards with a strict '>': ties keep the lower warp id.
  int pick = -1;
  unsigned best = 0;
  for (std::uint64_t m = warps_of_cta(ready, in.warp_cta, p_.num_warps, static_cast<unsigned>(cta));
       m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    if (pick < 0 || in.stall_count[w] > best) {
      pick = static_cast<int>(w);
      best = in.stall_count[w];
    }
  }
  out.grant_valid = true;
  out.grant_warp = static_cast<unsigned>(pick);
  out.grant = std::uint64_t{1} << pick;
  return out;
}

void BlocklatArbiter::tick(const In& in, const Out& out) {
  if (out.grant_valid) last_cta_ = in.warp_cta[out.grant_warp];
}

std::vector<PortValue> BlocklatArbiter::in_ports(const Params& p, const In& in) {
  return {{"ready_i", BitVec(p.num_warps, in.ready)},
          {"warp_cta_i", pack_fields(in.warp_cta, p.num_warps, p.cta_bits())},
          {"stall_count_i", pack_fields(in.stall_count, p.num_warps, p.count_bits)}};
}

std::vector<PortValue> BlocklatArbiter::out_ports(const Params& p, const Out& out) {
  return {{"grant_valid_o", BitVec(1, out.grant_valid)},
          {"grant_warp_o", BitVec(p.warp_bits(), out.grant_warp)},
          {"grant_o", BitVec(p.num_warps, out.grant)}};
}

}  // namespace wf::blocks
