#include "sim_model/blocks/warp_priority_table.h"

#include <algorithm>

namespace wf::blocks {

std::vector<WarpPriorityTableParams> WarpPriorityTableParams::for_machine(const Machine& m) {
  WarpPriorityTableParams p;
  p.num_cta_slots = std::max(2u, m.max_ctas);
  p.max_warps_per_cta = m.max_warps_per_cta;
  p.num_arrive_ports = m.schedulers;
  return {p};
}

const std::vector<ParamDesc>& WarpPriorityTableParams::describe() {
  using P = WarpPriorityTableParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_cta_slots", "c", "CTA slots per SM (table rows)", &P::num_cta_slots, 2,
                    32),
      uint_param<P>("max_warps_per_cta", "m", "largest CTA in warps (counter range)",
                    &P::max_warps_per_cta, 1, 64),
      uint_param<P>("num_arrive_ports", "a", "barrier arrivals per cycle", &P::num_arrive_ports, 1,
                    4),
  };
  return table;
}

void WarpPriorityTable::tick(const In& in) {
  for (unsigned s = 0; s < p_.num_cta_slots; ++s) {
    if ((in.release >> s) & 1) {
      count_[s] = 0;
      continue;
    }
    unsigned next = count_[s];
    for (unsigned port = 0; port < p_.num_arrive_ports; ++port) {
      if (in.arrive_valid[port] && in.arrive_cta[port] == s) ++next;
    }
    count_[s] =
        static_cast<std::uint8_t>(next > p_.max_warps_per_cta ? p_.max_warps_per_cta : next);
  }
}

std::vector<PortValue> WarpPriorityTable::in_ports(const Params& p, const In& in) {
  BitVec valid(p.num_arrive_ports);
  for (unsigned i = 0; i < p.num_arrive_ports; ++i) valid.set_field(i, 1, in.arrive_valid[i]);
  return {{"arrive_valid_i", valid},
          {"arrive_cta_i", pack_fields(in.arrive_cta, p.num_arrive_ports, p.cta_bits())},
          {"release_i", BitVec(p.num_cta_slots, in.release)}};
}

std::vector<PortValue> WarpPriorityTable::out_ports(const Params& p, const Out& out) {
  return {{"count_o", pack_fields(out.count, p.num_cta_slots, p.count_bits())}};
}

}  // namespace wf::blocks
