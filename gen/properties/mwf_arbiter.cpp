// Formal properties of the BAWS most-waiting-first issue arbiter (sim_model/blocks/mwf_arbiter.h).
#include "gen/properties/mwf_arbiter.h"

#include "gen/module_name.h"
#include "gen/properties/arbiter_properties.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::MwfArbiterParams& p) {
  using B = blocks::MwfArbiter;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const ArbiterShape a{"ready_i", p.num_warps, p.num_cta_slots, p.cta_bits(), p.count_bits()};
  assume_requesters_in_cta_slots(m, a);
  require_grant_properties(m, a);
  declare_grant_cta(m, a);
  require_most_waiting_cta(m, a);
  invariant_warp_ids_in_range(m, "last_warp_in_range", "last_warp_q", p.num_cta_slots, a,
                              "each CTA slot's issued-last register holds a warp id");
  return m.finish();
}

}  // namespace wf::gen
