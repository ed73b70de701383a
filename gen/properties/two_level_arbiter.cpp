// Formal properties of the two-level round-robin arbiter (sim_model/blocks/two_level_arbiter.h),
// in both of its uses (issue and fetch differ only in their parameters).
#include "gen/properties/two_level_arbiter.h"

#include "gen/module_name.h"
#include "gen/properties/arbiter_properties.h"
#include "gen/properties/group_properties.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::TwoLevelArbiterParams& p) {
  using B = blocks::TwoLevelArbiter;
  const unsigned n = p.num_warps;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const ArbiterShape a{"request_i", n};
  require_grant_properties(m, a);

  // The current group is the group of the warp granted last (none after reset).
  declare_last_grant(m, a, n - 1);
  declare_groups_of(m, a, p.group_size, "current_group",
                    {{"last_grant_valid_q", "last_grant_warp_q"}});
  require_group_round_robin(m, a, "current_group",
                            "the current fetch group (that of the warp granted last)");

  invariant_warp_ids_in_range(m, "last_warp_in_range", "last_warp_q", 1, a,
                              "the warp-granted-last register is a warp id");
  m.expose("last_valid_q", 1);
  m.invariant("last_state_matches",
              "last_valid_q == last_grant_valid_q && last_warp_q == last_grant_warp_q",
              "the block's granted-last registers hold the warp granted last since reset");
  return m.finish();
}

}  // namespace wf::gen
