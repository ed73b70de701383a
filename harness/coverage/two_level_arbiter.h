// Coverage of two_level_arbiter: the request cases, round robin inside the current group, and
// the group switches. The current group is the group of the warp granted last (none after
// reset), read from the model. Group cases need two groups (a switch skipping a group, three);
// round robin inside a group needs groups of two warps.
#pragma once

#include <optional>

#include "harness/coverage/block_coverage.h"
#include "harness/coverage/remembered_warp_cases.h"
#include "harness/coverage/request_cases.h"
#include "sim_model/blocks/fetch_groups.h"
#include "sim_model/blocks/two_level_arbiter.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

class TwoLevelArbiterCoverage : public BlockCoverage<blocks::TwoLevelArbiter> {
 public:
  explicit TwoLevelArbiterCoverage(const Params& p)
      : BlockCoverage(p),
        requests_(cases_, p.num_warps, "requesting"),
        in_group_(cases_, "inside the group, round robin after the warp granted last",
                  p.group_size >= 2),
        stays_(cases_.add("stays in its group while another group requests", p.num_groups() >= 2)),
        switches_(cases_.add("switches group: no warp of its group requests", p.num_groups() >= 2)),
        wraps_(cases_.add("switches group: wraps around to a lower group", p.num_groups() >= 2)),
        skips_(cases_.add("switches group: skips a group without requests", p.num_groups() >= 3)) {}

  void sample(const blocks::TwoLevelArbiter& model, const In& in, const Out& out) {
    sample_outputs(out);
    const std::uint64_t request = in.request & blocks::low_mask(p_.num_warps);
    requests_.sample(request);
    const std::optional<unsigned> last = model.group_warp();
    if (!out.grant_valid || !last) return;
    const std::uint64_t group = blocks::fetch_group_mask(*last, p_.group_size, p_.num_warps);
    if (request & group) {
      in_group_.sample(request & group, out.grant_warp, last);
      cases_.hit(stays_, (request & ~group) != 0);
    } else {
      const unsigned from = *last / p_.group_size, to = out.grant_warp / p_.group_size;
      cases_.hit(switches_);
      cases_.hit(wraps_, to < from);
      cases_.hit(skips_, to != (from + 1) % p_.num_groups());
    }
  }

 private:
  RequestCases requests_;
  RoundRobinCases in_group_;
  CoverageTable::Id stays_, switches_, wraps_, skips_;
};

}  // namespace wf::harness
