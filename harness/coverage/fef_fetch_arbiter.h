// Coverage of fef_fetch_arbiter: the request cases, fewest entries deciding, and ties on the
// fewest entries going round robin after the warp fetched last.
#pragma once

#include <bit>

#include "harness/coverage/block_coverage.h"
#include "harness/coverage/remembered_warp_cases.h"
#include "harness/coverage/request_cases.h"
#include "sim_model/blocks/fef_fetch_arbiter.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

class FefFetchArbiterCoverage : public BlockCoverage<blocks::FefFetchArbiter> {
 public:
  explicit FefFetchArbiterCoverage(const Params& p)
      : BlockCoverage(p),
        requests_(cases_, p.num_warps, "eligible"),
        fewer_wins_(cases_.add("fewest entries first: a warp with fewer entries beats another")),
        nonempty_wins_(cases_.add("fewest entries first: no eligible warp is empty")),
        ties_(cases_, "a tie on the fewest entries, round robin after the warp fetched last") {}

  void sample(const blocks::FefFetchArbiter& model, const In& in, const Out& out) {
    sample_outputs(out);
    const unsigned n = p_.num_warps;
    const std::uint64_t eligible = in.eligible & blocks::low_mask(n);
    requests_.sample(eligible);
    if (!out.grant_valid) return;
    const unsigned fewest = in.entries[out.grant_warp];
    std::uint64_t tied = 0, more = 0;
    for (unsigned w = 0; w < n; ++w) {
      if (!((eligible >> w) & 1)) continue;
      (in.entries[w] == fewest ? tied : more) |= std::uint64_t{1} << w;
    }
    cases_.hit(fewer_wins_, more != 0);
    cases_.hit(nonempty_wins_, fewest != 0);
    if (std::popcount(tied) >= 2) ties_.sample(tied, out.grant_warp, model.last_fetch());
  }

 private:
  RequestCases requests_;
  CoverageTable::Id fewer_wins_, nonempty_wins_;
  RoundRobinCases ties_;
};

}  // namespace wf::harness
