#include "sim_model/blocks/stall_counter_bank.h"

#include <algorithm>

#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::vector<StallCounterBankParams> StallCounterBankParams::for_machine(const Machine& m) {
  StallCounterBankParams p;
  p.num_warps = std::max(2u, m.warps_per_scheduler());
  p.count_bits = StallCounterBank::kDefaultCountBits;
  return {p};
}

const std::vector<ParamDesc>& StallCounterBankParams::describe() {
  using P = StallCounterBankParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_warps", "w", "warps counted (one counter each)", &P::num_warps, 2, 64),
      uint_param<P>("count_bits", "b", "width of a stall counter (saturates at 2^b - 1)",
                    &P::count_bits, 1, 16),
  };
  return table;
}

void StallCounterBank::tick(const In& in) {
  const std::uint64_t warps = low_mask(p_.num_warps);
  const unsigned max = p_.max_count();
  for (std::uint64_t m = (in.stall | in.clear) & warps; m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    if ((in.clear >> w) & 1) {
      count_[w] = 0;
    } else if (count_[w] < max) {
      ++count_[w];
    }
  }
}

std::vector<PortValue> StallCounterBank::in_ports(const Params& p, const In& in) {
  return {{"stall_i", BitVec(p.num_warps, in.stall)}, {"clear_i", BitVec(p.num_warps, in.clear)}};
}

std::vector<PortValue> StallCounterBank::out_ports(const Params& p, const Out& out) {
  return {{"count_o", pack_fields(out.count, p.num_warps, p.count_bits)}};
}

}  // namespace wf::blocks
