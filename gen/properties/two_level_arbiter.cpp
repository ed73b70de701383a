// Formal properties of the two-level round-robin arbiter (sim_model/blocks/two_level_arbiter.h),
// in both of its uses (issue and fetch differ only in their parameters).
#include "gen/properties/two_level_arbiter.h"

#include <fmt/core.h>

#include "gen/module_name.h"
#include "gen/properties/arbiter_properties.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::TwoLevelArbiterParams& p) {
  using B = blocks::TwoLevelArbiter;
  const unsigned n = p.num_warps;
  const unsigned wb = p.warp_bits();
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const ArbiterShape a{"request_i", n};
  require_grant_properties(m, a);

  // The current group is the group of the warp granted last (none after reset). Groups are
  // computed here by dividing warp ids, not with the block's mask table.
  declare_last_grant(m, a, n - 1);
  m.logic(fmt::format(
      "  // The fetch group of the warp granted last, and the warps in it ({g} per group).\n"
      "  reg {rw} last_group;\n"
      "  reg {rn} current_group;\n"
      "  integer w_group;\n"
      "  always @* begin\n"
      "    last_group = {zw};\n"
      "    for (w_group = 0; w_group < {n}; w_group = w_group + 1) begin\n"
      "      if (last_grant_warp_q == w_group[{wb_m1}:0]) last_group = w_group / {g};\n"
      "    end\n"
      "    for (w_group = 0; w_group < {n}; w_group = w_group + 1) begin\n"
      "      current_group[w_group] = last_grant_valid_q && last_group == w_group / {g};\n"
      "    end\n"
      "  end\n"
      "  wire group_requests = |(request_i & current_group);\n\n",
      fmt::arg("g", p.group_size), fmt::arg("rw", range(wb)), fmt::arg("rn", range(n)),
      fmt::arg("zw", lit(wb, 0)), fmt::arg("n", n), fmt::arg("wb_m1", wb - 1)));
  m.require("stays_in_group", "!group_requests || (grant_o & current_group) != " + lit(n, 0),
            "while a warp of the current fetch group (that of the warp granted last) requests, "
            "the grant stays in that group");
  require_round_robin_after_last(
      m, "round_robin_after_last", "group_requests ? (request_i & current_group) : request_i", a,
      "the grant is the first candidate after the warp granted last round the ring (warp 0 "
      "first after reset); candidates: the current group's requesters if any, else all "
      "requesters, so the next group with a requester follows");

  invariant_warp_ids_in_range(m, "last_warp_in_range", "last_warp_q", 1, a,
                              "the warp-granted-last register is a warp id");
  m.expose("last_valid_q", 1);
  m.invariant("last_state_matches",
              "last_valid_q == last_grant_valid_q && last_warp_q == last_grant_warp_q",
              "the block's granted-last registers hold the warp granted last since reset");
  return m.finish();
}

}  // namespace wf::gen
