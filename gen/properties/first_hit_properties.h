// Properties of the SAWS CTA order (sim_model/blocks/first_hit_order.h), stated once for every
// block that ranks CTAs by it: the SAWS issue arbiter and the CFF fetch arbiter's saws modes.
// Both keep the order in hit_before_q, packed as gen/first_hit_order.h names it.
#pragma once

#include "gen/properties/arbiter_properties.h"
#include "gen/properties/property_module.h"

namespace wf::gen {

// Declares the ghost first-hit order: fh_waiting (slots waiting now, from wpt_count_i),
// fh_waiting_q (last cycle's), fh_earlier / fh_earlier_q (per ordered pair i*S+j: both wait and
// i's wait began in an earlier cycle than j's; this cycle's and last cycle's).
void declare_first_hit_ghost(PropertyModule& m, const ArbiterShape& a);

// Property first_hit_cta: no CTA with a requesting warp ranks before the granted warp's CTA.
// Needs declare_grant_cta and declare_first_hit_ghost.
void require_first_hit_cta(PropertyModule& m, const ArbiterShape& a);

// Invariants earlier_among_waiting, earlier_transitive, earlier_ties_transitive (the ghost is a
// strict weak order over the slots that waited last cycle) and hit_order_matches (the block's
// hit_before_q is the ghost order with the slot tie-break folded in).
void invariant_first_hit_state(PropertyModule& m, const ArbiterShape& a);

}  // namespace wf::gen
