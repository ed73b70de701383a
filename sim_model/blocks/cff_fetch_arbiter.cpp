#include "sim_model/blocks/cff_fetch_arbiter.h"

#include <algorithm>

#include "sim_model/blocks/fetch_groups.h"
#include "sim_model/blocks/most_waiting_first.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::vector<CffFetchArbiterParams> CffFetchArbiterParams::for_machine(const Machine& m) {
  CffFetchArbiterParams p;
  p.num_warps = std::max(2u, m.max_warps);
  p.num_cta_slots = std::max(2u, m.max_ctas);
  p.max_warps_per_cta = m.max_warps_per_cta;
  p.num_issue_ports = m.schedulers;
  p.group_size = fetch_group_over(fetch_group_size(m), m.schedulers, p.num_warps);
  std::vector<CffFetchArbiterParams> out;
  for (FetchMode mode : {FetchMode::kLrr, FetchMode::kGto, FetchMode::kMwfLrr, FetchMode::kMwfGto,
                         FetchMode::kSawsLrr, FetchMode::kSawsGto, FetchMode::kTwoLevel}) {
    p.mode = mode;
    out.push_back(p);
  }
  return out;
}

const std::vector<ParamDesc>& CffFetchArbiterParams::describe() {
  using P = CffFetchArbiterParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_warps", "w", "warps per SM", &P::num_warps, 2, 64),
      uint_param<P>("num_cta_slots", "c", "CTA slots per SM", &P::num_cta_slots, 2, 32),
      uint_param<P>("max_warps_per_cta", "m", "largest CTA in warps (WPT count range)",
                    &P::max_warps_per_cta, 1, 64),
      uint_param<P>("num_issue_ports", "i", "warp schedulers reporting issues", &P::num_issue_ports,
                    1, 4),
      enum_param<P, FetchMode>("mode", "", "fetch order", &P::mode,
                               {{"lrr", FetchMode::kLrr},
                                {"gto", FetchMode::kGto},
                                {"mwf_lrr", FetchMode::kMwfLrr},
                                {"mwf_gto", FetchMode::kMwfGto},
                                {"saws_lrr", FetchMode::kSawsLrr},
                                {"saws_gto", FetchMode::kSawsGto},
                                {"2lev", FetchMode::kTwoLevel}}),
      only_when<P>(uint_param<P>("group_size", "g", "warps per fetch group, SM warp ids (2lev)",
                                 &P::group_size, 1, 64),
                   [](const P& p) { return p.mode == FetchMode::kTwoLevel; }),
  };
  return table;
}

void CffFetchArbiter::reset() {
  last_fetch_ = p_.num_warps - 1;
  greedy_warp_.fill(0);
  greedy_valid_.fill(false);
  last_warp_.fill(static_cast<std::uint8_t>(p_.num_warps - 1));
  last_valid_.fill(false);
  order_.reset();
}

int CffFetchArbiter::pick(const In& in) const {
  const unsigned n = p_.num_warps;
  const std::uint64_t eligible = in.eligible & low_mask(n);
  switch (p_.mode) {
    case FetchMode::kLrr:
      return first_after(eligible, last_fetch_, n);
    case FetchMode::kGto: {
      for (unsigned k = 0; k < p_.num_issue_ports; ++k) {
        if (greedy_valid_[k] && ((eligible >> greedy_warp_[k]) & 1)) return greedy_warp_[k];
      }
      int best = -1;
      unsigned best_age = 0;
      for (unsigned w = 0; w < n; ++w) {
        if (!((eligible >> w) & 1)) continue;
        const unsigned age = in.cta_age[in.warp_cta[w]];
        if (best < 0 || age < best_age) {
          best = static_cast<int>(w);
          best_age = age;
        }
      }
      return best;
    }
    case FetchMode::kMwfLrr:
    case FetchMode::kMwfGto:
    case FetchMode::kSawsLrr:
    case FetchMode::kSawsGto: {
      const std::uint32_t has_eligible =
          ctas_with_warps(eligible, in.warp_cta, n, p_.num_cta_slots);
      const int cta = p_.saws() ? order_.first_cta(has_eligible, in.wpt_count)
                                : most_waiting_cta(has_eligible, in.wpt_count, p_.num_cta_slots);
      if (cta < 0) return -1;
      const std::uint64_t mine = warps_of_cta(eligible, in.warp_cta, n, cta);
      const unsigned last = last_warp_[cta];
      if (!p_.inner_gto()) return first_after(mine, last, n);
      return (last_valid_[cta] && ((mine >> last) & 1)) ? static_cast<int>(last) : lowest(mine);
    }
    case FetchMode::kTwoLevel: {
      std::uint64_t groups = 0;
      for (unsigned k = 0; k < p_.num_issue_ports; ++k) {
        if (greedy_valid_[k]) groups |= fetch_group_mask(greedy_warp_[k], p_.group_size, n);
      }
      const std::uint64_t current = eligible & groups;
      return first_after(current ? current : eligible, last_fetch_, n);
    }
  }
  return -1;
}

CffFetchArbiter::Out CffFetchArbiter::eval(const In& in) const {
  Out out;
  const int w = pick(in);
  if (w >= 0) {
    out.grant_valid = true;
    out.grant_warp = static_cast<unsigned>(w);
    out.grant = std::uint64_t{1} << w;
  }
  return out;
}

void CffFetchArbiter::tick(const In& in, const Out& out) {
  if (out.grant_valid) last_fetch_ = out.grant_warp;
  // Ports in order, so a later scheduler's issue wins when two touch the same CTA.
  for (unsigned k = 0; k < p_.num_issue_ports; ++k) {
    if (!in.issue_valid[k] || in.issue_warp[k] >= p_.num_warps) continue;
    greedy_valid_[k] = true;
    greedy_warp_[k] = in.issue_warp[k];
    const unsigned cta = in.warp_cta[in.issue_warp[k]];
    if (cta < p_.num_cta_slots) {
      last_warp_[cta] = in.issue_warp[k];
      last_valid_[cta] = true;
    }
  }
  if (p_.saws()) order_.tick(in.wpt_count);
}

std::vector<PortValue> CffFetchArbiter::in_ports(const Params& p, const In& in) {
  BitVec valid(p.num_issue_ports);
  for (unsigned i = 0; i < p.num_issue_ports; ++i) valid.set_field(i, 1, in.issue_valid[i]);
  return {{"eligible_i", BitVec(p.num_warps, in.eligible)},
          {"warp_cta_i", pack_fields(in.warp_cta, p.num_warps, p.cta_bits())},
          {"wpt_count_i", pack_fields(in.wpt_count, p.num_cta_slots, p.count_bits())},
          {"cta_age_i", pack_fields(in.cta_age, p.num_cta_slots, p.cta_bits())},
          {"issue_valid_i", valid},
          {"issue_warp_i", pack_fields(in.issue_warp, p.num_issue_ports, p.warp_bits())}};
}

std::vector<PortValue> CffFetchArbiter::out_ports(const Params& p, const Out& out) {
  return {{"grant_valid_o", BitVec(1, out.grant_valid)},
          {"grant_warp_o", BitVec(p.warp_bits(), out.grant_warp)},
          {"grant_o", BitVec(p.num_warps, out.grant)}};
}

}  // namespace wf::blocks
