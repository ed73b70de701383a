#include "sim_model/blocks/fef_fetch_arbiter.h"

#include <algorithm>

#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::vector<FefFetchArbiterParams> FefFetchArbiterParams::for_machine(const Machine& m) {
  FefFetchArbiterParams p;
  p.num_warps = std::max(2u, m.max_warps);
  p.ibuffer_depth = m.ibuffer_entries;
  return {p};
}

const std::vector<ParamDesc>& FefFetchArbiterParams::describe() {
  using P = FefFetchArbiterParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_warps", "w", "warps per SM", &P::num_warps, 2, 64),
      uint_param<P>("ibuffer_depth", "d", "I-buffer entries per warp (entry count range)",
                    &P::ibuffer_depth, 1, 8),
  };
  return table;
}

FefFetchArbiter::Out FefFetchArbiter::eval(const In& in) const {
  Out out;
  const unsigned n = p_.num_warps;
  const std::uint64_t eligible = in.eligible & low_mask(n);
  if (!eligible) return out;
  unsigned fewest = ~0u;
  for (unsigned w = 0; w < n; ++w)
    if ((eligible >> w) & 1) fewest = std::min<unsigned>(fewest, in.entries[w]);
  std::uint64_t candidates = 0;
  for (unsigned w = 0; w < n; ++w)
    if (((eligible >> w) & 1) && in.entries[w] == fewest) candidates |= std::uint64_t{1} << w;
  const int pick = first_after(candidates, last_fetch_, n);
  out.grant_valid = true;
  out.grant_warp = static_cast<unsigned>(pick);
  out.grant = std::uint64_t{1} << pick;
  return out;
}

void FefFetchArbiter::tick(const In&, const Out& out) {
  if (out.grant_valid) last_fetch_ = out.grant_warp;
}

std::vector<PortValue> FefFetchArbiter::in_ports(const Params& p, const In& in) {
  return {{"eligible_i", BitVec(p.num_warps, in.eligible)},
          {"entries_i", pack_fields(in.entries, p.num_warps, p.entry_bits())}};
}

std::vector<PortValue> FefFetchArbiter::out_ports(const Params& p, const Out& out) {
  return {{"grant_valid_o", BitVec(1, out.grant_valid)},
          {"grant_warp_o", BitVec(p.warp_bits(), out.grant_warp)},
          {"grant_o", BitVec(p.num_warps, out.grant)}};
}

}  // namespace wf::blocks
