// Properties of two-level scheduling's fetch groups (sim_model/blocks/fetch_groups.h), stated once
// for the two-level arbiter and the CFF fetch arbiter's 2lev mode: prefer the warps of the
// current group(s), round robin after the warp granted last.
#pragma once

#include <string>
#include <vector>

#include "gen/properties/arbiter_properties.h"
#include "gen/properties/property_module.h"

namespace wf::gen {

// A warp that names a fetch group: a 1-bit "is set" expression and a warp-id expression.
struct GroupSource {
  std::string valid;
  std::string warp;
};

// Declares the n-bit <out>: the warps in the fetch group (group_size consecutive warp ids) of
// some valid source. Groups are computed here by dividing warp ids, not with the block's masks.
void declare_groups_of(PropertyModule& m, const ArbiterShape& a, unsigned group_size,
                       const std::string& out, const std::vector<GroupSource>& sources);

// Properties stays_in_group (while a warp of <groups> requests, the grant is in <groups>) and
// round_robin_after_last (the first candidate after the warp granted last; candidates: the
// requesters in <groups> if any, else all). `what` names the groups in the docs. Needs
// declare_last_grant.
void require_group_round_robin(PropertyModule& m, const ArbiterShape& a, const std::string& groups,
                               const std::string& what);

}  // namespace wf::gen
