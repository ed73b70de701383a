// Formal properties of the loose-round-robin issue arbiter (sim_model/blocks/lrr_arbiter.h).
#include "gen/properties/lrr_arbiter.h"

#include "gen/module_name.h"
#include "gen/properties/arbiter_properties.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::LrrArbiterParams& p) {
  using B = blocks::LrrArbiter;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const ArbiterShape a{"ready_i", p.num_warps};
  require_grant_properties(m, a);
  invariant_warp_ids_in_range(m, "last_warp_in_range", "last_warp_q", 1, a,
                              "the round-robin pointer is a warp id");
  return m.finish();
}

}  // namespace wf::gen
