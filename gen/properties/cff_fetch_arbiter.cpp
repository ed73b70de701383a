// Formal properties of the BAWS critical-fetch-first fetch arbiter
// (sim_model/blocks/cff_fetch_arbiter.h), per mode.
#include "gen/properties/cff_fetch_arbiter.h"

#include <vector>

#include <fmt/core.h>

#include "gen/module_name.h"
#include "gen/properties/arbiter_properties.h"
#include "gen/properties/first_hit_properties.h"
#include "gen/properties/group_properties.h"
#include "gen/verilog.h"

namespace wf::gen {

namespace {

// gto and 2lev modes: issued_valid_q / issued_warp_q, per scheduler port the warp it issued
// last (ghost state seen from the issue ports).
void declare_issued_last(PropertyModule& m, const blocks::CffFetchArbiterParams& p) {
  const unsigned wb = p.warp_bits();
  const unsigned ports = p.num_issue_ports;
  const std::string in_range =
      (1u << wb) == p.num_warps
          ? std::string("1'b1")
          : fmt::format("issue_warp_i[k_issued*{} +: {}] < {}", wb, wb, lit(wb, p.num_warps));
  m.logic(fmt::format(
      "  // Per scheduler port, the warp it issued last since reset (ids beyond the warps are not\n"
      "  // issues), seen from the issue ports.\n"
      "  reg {rp} issued_valid_q;\n"
      "  reg {rpw} issued_warp_q;\n"
      "  integer k_issued;\n"
      "  always @(posedge clk_i) begin\n"
      "    if (!rst_ni) begin\n"
      "      issued_valid_q <= {p_zero};\n"
      "      issued_warp_q  <= {pw_zero};\n"
      "    end else begin\n"
      "      for (k_issued = 0; k_issued < {ports}; k_issued = k_issued + 1) begin\n"
      "        if (issue_valid_i[k_issued] && {in_range}) begin\n"
      "          issued_valid_q[k_issued] <= 1'b1;\n"
      "          issued_warp_q[k_issued*{wb} +: {wb}] <= issue_warp_i[k_issued*{wb} +: {wb}];\n"
      "        end\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rp", range(ports)), fmt::arg("rpw", range(ports * wb)),
      fmt::arg("p_zero", lit(ports, 0)), fmt::arg("pw_zero", lit(ports * wb, 0)),
      fmt::arg("ports", ports), fmt::arg("in_range", in_range), fmt::arg("wb", wb)));
}

// The block's copy of the issued-last state (greedy_valid_q / greedy_warp_q) is the ghost's.
// Without `with_warp` the block keeps only greedy_valid_q (2lev with a single fetch group, where
// which warp issued does not matter).
void invariant_issued_state(PropertyModule& m, const blocks::CffFetchArbiterParams& p,
                            const ArbiterShape& a, bool with_warp) {
  const unsigned ports = p.num_issue_ports;
  m.expose("greedy_valid_q", ports);
  if (!with_warp) {
    m.invariant("greedy_state_matches", "greedy_valid_q == issued_valid_q",
                "the issued-at-all registers hold what the issue ports reported");
    return;
  }
  invariant_warp_ids_in_range(m, "greedy_warp_in_range", "greedy_warp_q", ports, a,
                              "each scheduler's issued-last register holds a warp id");
  m.invariant("greedy_state_matches",
              "greedy_valid_q == issued_valid_q && greedy_warp_q == issued_warp_q",
              "the issued-last registers hold what the issue ports reported");
}

// gto mode: a warp a scheduler issued last first, else the oldest.
void require_gto_order(PropertyModule& m, const blocks::CffFetchArbiterParams& p,
                       const ArbiterShape& a) {
  const unsigned wb = p.warp_bits();
  const unsigned ports = p.num_issue_ports;
  declare_issued_last(m, p);
  m.logic(fmt::format(
      "  // Some scheduler's issued-last warp may fetch; the grant is one of them.\n"
      "  reg greedy_eligible, grant_is_greedy;\n"
      "  integer k_greedy_p;\n"
      "  always @* begin\n"
      "    greedy_eligible = 1'b0;\n"
      "    grant_is_greedy = 1'b0;\n"
      "    for (k_greedy_p = 0; k_greedy_p < {ports}; k_greedy_p = k_greedy_p + 1) begin\n"
      "      if (issued_valid_q[k_greedy_p]) begin\n"
      "        if (eligible_i[issued_warp_q[k_greedy_p*{wb} +: {wb}]]) greedy_eligible = 1'b1;\n"
      "        if (issued_warp_q[k_greedy_p*{wb} +: {wb}] == grant_warp_o) grant_is_greedy = "
      "1'b1;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("ports", ports), fmt::arg("wb", wb)));
  m.require("greedy_first", "!greedy_eligible || (grant_valid_o && grant_is_greedy)",
            "when a warp some scheduler issued last may fetch, the fetch goes to such a warp");
  declare_grant_cta(m, a);
  require_oldest(m, "oldest_unless_greedy", "greedy_eligible", a,
                 "otherwise the fetch goes to the oldest eligible warp: smallest cta_age_i of its "
                 "CTA, then the lower warp id");
  invariant_issued_state(m, p, a, true);
}

// 2lev mode: the schedulers' fetch groups (those of the warps the issue ports issued last)
// first, round robin after the warp fetched last.
void require_two_level_order(PropertyModule& m, const blocks::CffFetchArbiterParams& p,
                             const ArbiterShape& a) {
  const unsigned wb = p.warp_bits();
  declare_issued_last(m, p);
  std::vector<GroupSource> sources;
  for (unsigned k = 0; k < p.num_issue_ports; ++k) {
    sources.push_back({fmt::format("issued_valid_q[{}]", k),
                       fmt::format("issued_warp_q[{}:{}]", (k + 1) * wb - 1, k * wb)});
  }
  declare_groups_of(m, a, p.group_size, "issue_groups", sources);
  declare_last_grant(m, a, p.num_warps - 1);
  require_group_round_robin(
      m, a, "issue_groups",
      "the schedulers' fetch groups (those of the warps the issue ports issued last)");
  invariant_issued_state(m, p, a, p.num_warps > p.group_size);
  invariant_warp_ids_in_range(m, "last_fetch_in_range", "last_fetch_q", 1, a,
                              "the round-robin pointer is a warp id");
  m.invariant("last_fetch_matches", "last_fetch_q == last_grant_warp_q",
              "the round-robin pointer is the warp granted last (warp n-1 after reset)");
}

}  // namespace

PropertySet emit_properties(const blocks::CffFetchArbiterParams& p) {
  using B = blocks::CffFetchArbiter;
  using blocks::FetchMode;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const ArbiterShape a{"eligible_i", p.num_warps, p.num_cta_slots, p.cta_bits(), p.count_bits()};
  // lrr and 2lev never look at warp_cta_i.
  if (p.mode != FetchMode::kLrr && p.mode != FetchMode::kTwoLevel) {
    assume_requesters_in_cta_slots(m, a);
  }
  require_grant_properties(m, a);
  switch (p.mode) {
    case FetchMode::kLrr:
      invariant_warp_ids_in_range(m, "last_fetch_in_range", "last_fetch_q", 1, a,
                                  "the round-robin pointer is a warp id");
      break;
    case FetchMode::kGto:
      require_gto_order(m, p, a);
      break;
    case FetchMode::kMwfLrr:
    case FetchMode::kMwfGto:
      declare_grant_cta(m, a);
      require_most_waiting_cta(m, a);
      invariant_warp_ids_in_range(m, "last_warp_in_range", "last_warp_q", p.num_cta_slots, a,
                                  "each CTA slot's issued-last register holds a warp id");
      break;
    case FetchMode::kSawsLrr:
    case FetchMode::kSawsGto:
      declare_grant_cta(m, a);
      declare_first_hit_ghost(m, a);
      require_first_hit_cta(m, a);
      invariant_warp_ids_in_range(m, "last_warp_in_range", "last_warp_q", p.num_cta_slots, a,
                                  "each CTA slot's issued-last register holds a warp id");
      invariant_first_hit_state(m, a);
      break;
    case FetchMode::kTwoLevel:
      require_two_level_order(m, p, a);
      break;
  }
  return m.finish();
}

}  // namespace wf::gen
