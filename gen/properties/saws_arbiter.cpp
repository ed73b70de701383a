// Formal properties of the SAWS issue arbiter (sim_model/blocks/saws_arbiter.h, with the CTA
// order of sim_model/blocks/first_hit_order.h).
#include "gen/properties/saws_arbiter.h"

#include "gen/module_name.h"
#include "gen/properties/arbiter_properties.h"
#include "gen/properties/first_hit_properties.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::SawsArbiterParams& p) {
  using B = blocks::SawsArbiter;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const ArbiterShape a{"ready_i", p.num_warps, p.num_cta_slots, p.cta_bits(), p.count_bits()};
  assume_requesters_in_cta_slots(m, a);
  require_grant_properties(m, a);
  declare_grant_cta(m, a);
  declare_first_hit_ghost(m, a);
  require_first_hit_cta(m, a);
  invariant_warp_ids_in_range(m, "last_warp_in_range", "last_warp_q", p.num_cta_slots, a,
                              "each CTA slot's issued-last register holds a warp id");
  invariant_first_hit_state(m, a);
  return m.finish();
}

}  // namespace wf::gen
