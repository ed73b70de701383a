// Properties every warp arbiter shares (every block with the grant ports grant_valid_o,
// grant_warp_o and grant_o; the properties test holds each registered one to them): the grant
// ports agree with each other, a grant goes to at most one warp and only to a requester, and some
// warp is granted whenever one requests. Plus the policy-specific pieces two or more arbiters state
// the same way: the most-waiting CTA order, the oldest warp, the warp granted last and the round
// robin after it.
#pragma once

#include <string>

#include "gen/properties/property_module.h"

namespace wf::gen {

// Port names and sizes of an arbiter, as the wrapper sees them.
struct ArbiterShape {
  std::string request;  // ready_i or eligible_i
  unsigned num_warps;
  unsigned num_cta_slots = 0;  // 0: the arbiter knows no CTAs
  unsigned cta_bits = 0;
  unsigned count_bits = 0;  // width of a wpt_count_i field (MWF orders)
};

// grant_valid_matches, grant_warp_matches, grant_at_most_one, grant_only_requesters,
// grant_when_requested.
void require_grant_properties(PropertyModule& m, const ArbiterShape& a);

// Assumption requesters_in_cta_slots: each requesting warp's warp_cta_i field names a CTA slot.
// Stated only when num_cta_slots is not a power of two (otherwise every field does).
void assume_requesters_in_cta_slots(PropertyModule& m, const ArbiterShape& a);

// Invariant <name>: every one of the `fields` warp ids packed in `reg` is below num_warps.
void invariant_warp_ids_in_range(PropertyModule& m, const std::string& name, const std::string& reg,
                                 unsigned fields, const ArbiterShape& a, const std::string& doc);

// Declares grant_cta: the CTA slot of the granted warp (0 when none).
void declare_grant_cta(PropertyModule& m, const ArbiterShape& a);

// Property most_waiting_cta: the granted warp's CTA has the largest wpt_count_i among the CTAs
// with a requesting warp, ties to the smaller slot. Needs declare_grant_cta.
void require_most_waiting_cta(PropertyModule& m, const ArbiterShape& a);

// Property <name>: unless `exempt` (a 1-bit expression) holds, the granted warp is the oldest
// requester: no requester has a smaller cta_age_i, or the same age and a lower warp id. Needs
// declare_grant_cta.
void require_oldest(PropertyModule& m, const std::string& name, const std::string& exempt,
                    const ArbiterShape& a, const std::string& doc);

// Declares last_grant_valid_q / last_grant_warp_q: whether a warp was granted since reset and
// the warp granted last, seen from the grant ports (ghost state). Reset leaves `reset_warp`
// in last_grant_warp_q: the warp a round robin starts after.
void declare_last_grant(PropertyModule& m, const ArbiterShape& a, unsigned reset_warp);

// Property <name>: a granted warp is the first of `candidates` (an n-bit expression) after the
// warp granted last, round the ring of warps: no candidate lies strictly between the two.
// Needs declare_last_grant.
void require_round_robin_after_last(PropertyModule& m, const std::string& name,
                                    const std::string& candidates, const ArbiterShape& a,
                                    const std::string& doc);

}  // namespace wf::gen
