#include "sim_model/blocks/two_level_arbiter.h"

#include <algorithm>

#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::vector<TwoLevelArbiterParams> TwoLevelArbiterParams::for_machine(const Machine& m) {
  TwoLevelArbiterParams issue, fetch;
  const unsigned group = fetch_group_size(m);
  issue.num_warps = std::max(2u, m.warps_per_scheduler());
  issue.group_size = fetch_group_over(group, 1, issue.num_warps);
  fetch.num_warps = std::max(2u, m.max_warps);
  fetch.group_size = fetch_group_over(group, m.schedulers, fetch.num_warps);
  return {issue, fetch};
}

const std::vector<ParamDesc>& TwoLevelArbiterParams::describe() {
  using P = TwoLevelArbiterParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_warps", "w", "warps arbitrated (a scheduler's; the SM's for fetch)",
                    &P::num_warps, 2, 64),
      uint_param<P>("group_size", "g", "warps per fetch group (consecutive warp ids)",
                    &P::group_size, 1, 64),
  };
  return table;
}

void TwoLevelArbiter::reset() {
  last_ = p_.num_warps - 1;  // the round robin starts at warp 0
  last_valid_ = false;
}

TwoLevelArbiter::Out TwoLevelArbiter::eval(const In& in) const {
  Out out;
  const unsigned n = p_.num_warps;
  const std::uint64_t request = in.request & low_mask(n);
  const std::uint64_t current =
      last_valid_ ? request & fetch_group_mask(last_, p_.group_size, n) : 0;
  const int pick = first_after(current ? current : request, last_, n);
  if (pick < 0) return out;
  out.grant_valid = true;
  out.grant_warp = static_cast<unsigned>(pick);
  out.grant = std::uint64_t{1} << pick;
  return out;
}

void TwoLevelArbiter::tick(const In&, const Out& out) {
  if (!out.grant_valid) return;
  last_ = out.grant_warp;
  last_valid_ = true;
}

std::vector<PortValue> TwoLevelArbiter::in_ports(const Params& p, const In& in) {
  return {{"request_i", BitVec(p.num_warps, in.request)}};
}

std::vector<PortValue> TwoLevelArbiter::out_ports(const Params& p, const Out& out) {
  return {{"grant_valid_o", BitVec(1, out.grant_valid)},
          {"grant_warp_o", BitVec(p.warp_bits(), out.grant_warp)},
          {"grant_o", BitVec(p.num_warps, out.grant)}};
}

}  // namespace wf::blocks
