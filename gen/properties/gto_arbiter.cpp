// Formal properties of the greedy-then-oldest issue arbiter (sim_model/blocks/gto_arbiter.h).
#include "gen/properties/gto_arbiter.h"

#include "gen/module_name.h"
#include "gen/properties/arbiter_properties.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::GtoArbiterParams& p) {
  using B = blocks::GtoArbiter;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const ArbiterShape a{"ready_i", p.num_warps, p.num_cta_slots, p.cta_bits()};
  assume_requesters_in_cta_slots(m, a);
  require_grant_properties(m, a);

  // The greedy warp as the outputs define it: the warp granted last since reset.
  declare_last_grant(m, a, 0);
  m.logic("  wire greedy_ready = last_grant_valid_q && ready_i[last_grant_warp_q];\n\n");
  m.require("greedy_kept", "!greedy_ready || (grant_valid_o && grant_warp_o == last_grant_warp_q)",
            "the warp granted last is granted again while it stays ready");
  declare_grant_cta(m, a);
  require_oldest(m, "oldest_unless_greedy", "greedy_ready", a,
                 "otherwise the grant goes to the oldest ready warp: smallest cta_age_i of its "
                 "CTA, then the lower warp id");

  invariant_warp_ids_in_range(m, "greedy_warp_in_range", "greedy_warp_q", 1, a,
                              "the greedy warp register holds a warp id");
  m.expose("greedy_valid_q", 1);
  m.invariant("greedy_state_matches",
              "greedy_valid_q == last_grant_valid_q && greedy_warp_q == last_grant_warp_q",
              "the greedy registers hold the warp granted last");
  return m.finish();
}

}  // namespace wf::gen
