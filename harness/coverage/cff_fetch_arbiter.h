// Coverage of cff_fetch_arbiter, by mode (each mode's cases are the ones its order has):
//   all:      the request cases on the eligible warps;
//   lrr:      round robin after the warp fetched last;
//   gto:      the warp issue port k issued last fetched first (port k > 0 wins only when the
//             ports before it point at no eligible warp), and the oldest-first fallback;
//   mwf_*:    the most-waiting-first CTA order and the inner policy;
//   saws_*:   the first-hit CTA order and the inner policy;
//   2lev:     the schedulers' groups preferred over other eligible warps, the fallback to any
//             group when none of theirs is eligible (both need two groups), and round robin
//             after the warp fetched last.
// The warps remembered (fetched last, issued last per port and per CTA) are the model's.
#pragma once

#include <optional>
#include <vector>

#include "harness/coverage/age_order_cases.h"
#include "harness/coverage/block_coverage.h"
#include "harness/coverage/cta_order_cases.h"
#include "harness/coverage/inner_policy_cases.h"
#include "harness/coverage/remembered_warp_cases.h"
#include "harness/coverage/request_cases.h"
#include "sim_model/blocks/cff_fetch_arbiter.h"
#include "sim_model/blocks/fetch_groups.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

class CffFetchArbiterCoverage : public BlockCoverage<blocks::CffFetchArbiter> {
 public:
  explicit CffFetchArbiterCoverage(const Params& p)
      : BlockCoverage(p), requests_(cases_, p.num_warps, "eligible") {
    using blocks::FetchMode;
    if (p.mode == FetchMode::kLrr || p.mode == FetchMode::kTwoLevel)
      round_robin_.emplace(cases_, "round robin after the warp fetched last");
    if (p.mode == FetchMode::kGto) {
      for (unsigned k = 0; k < p.num_issue_ports; ++k) {
        port_first_.push_back(cases_.add("greedy: the warp issue port " + std::to_string(k) +
                                         " issued last goes first"));
      }
      oldest_.emplace(cases_, p.num_warps);
    }
    if (p.mwf()) most_waiting_.emplace(cases_, p.num_cta_slots);
    if (p.saws()) first_hit_.emplace(cases_, p.num_cta_slots);
    if (p.mwf() || p.saws())
      inner_.emplace(cases_, p.inner_gto() ? blocks::InnerPolicy::kGto : blocks::InnerPolicy::kLrr);
    const bool groups =
        p.mode == FetchMode::kTwoLevel && (p.num_warps + p.group_size - 1) / p.group_size >= 2;
    in_groups_ = cases_.add("the schedulers' groups go before other eligible warps", groups);
    any_group_ = cases_.add("no eligible warp in the schedulers' groups, any group", groups);
  }

  void sample(const blocks::CffFetchArbiter& model, const In& in, const Out& out) {
    sample_outputs(out);
    const unsigned n = p_.num_warps;
    const std::uint64_t eligible = in.eligible & blocks::low_mask(n);
    requests_.sample(eligible);
    const std::uint32_t ctas = blocks::ctas_with_warps(eligible, in.warp_cta, n, p_.num_cta_slots);
    std::optional<unsigned> cta;
    if (out.grant_valid) cta = in.warp_cta[out.grant_warp];
    if (most_waiting_) most_waiting_->sample(ctas, in.wpt_count.data(), cta);
    if (first_hit_) first_hit_->sample(ctas, in.wpt_count.data(), cta);
    if (out.grant_valid) grant(model, in, eligible, out.grant_warp);
  }
  void reset() {
    if (first_hit_) first_hit_->reset();
  }

 private:
  void grant(const blocks::CffFetchArbiter& model, const In& in, std::uint64_t eligible,
             unsigned warp) {
    const unsigned cta = in.warp_cta[warp];
    switch (p_.mode) {
      case blocks::FetchMode::kLrr:
        round_robin_->sample(eligible, warp, model.last_fetch());
        break;
      case blocks::FetchMode::kGto: {
        bool greedy = false;
        for (unsigned k = 0; k < p_.num_issue_ports && !greedy; ++k) {
          const std::optional<unsigned> last = model.issued_last(k);
          greedy = last && ((eligible >> *last) & 1);
          cases_.hit(port_first_[k], greedy);
        }
        if (!greedy) oldest_->sample(eligible, in.warp_cta.data(), in.cta_age.data(), warp);
        break;
      }
      case blocks::FetchMode::kTwoLevel: {
        std::uint64_t groups = 0;
        for (unsigned k = 0; k < p_.num_issue_ports; ++k) {
          if (const auto last = model.issued_last(k))
            groups |= blocks::fetch_group_mask(*last, p_.group_size, p_.num_warps);
        }
        const std::uint64_t current = eligible & groups;
        cases_.hit(in_groups_, current && (eligible & ~groups));
        cases_.hit(any_group_, groups && !current);
        round_robin_->sample(current ? current : eligible, warp, model.last_fetch());
        break;
      }
      default:
        inner_->sample(blocks::warps_of_cta(eligible, in.warp_cta, p_.num_warps, cta), warp,
                       model.inner_last(cta));
    }
  }

  RequestCases requests_;
  std::optional<RoundRobinCases> round_robin_;
  std::vector<CoverageTable::Id> port_first_;
  std::optional<AgeOrderCases> oldest_;
  std::optional<MostWaitingCases> most_waiting_;
  std::optional<FirstHitCases> first_hit_;
  std::optional<InnerPolicyCases> inner_;
  CoverageTable::Id in_groups_ = CoverageTable::kUnlisted, any_group_ = CoverageTable::kUnlisted;
};

}  // namespace wf::harness
