// Formal properties of the fewest-entries-first fetch arbiter
// (sim_model/blocks/fef_fetch_arbiter.h).
#include "gen/properties/fef_fetch_arbiter.h"

#include <fmt/core.h>

#include "gen/module_name.h"
#include "gen/properties/arbiter_properties.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::FefFetchArbiterParams& p) {
  using B = blocks::FefFetchArbiter;
  const unsigned eb = p.entry_bits();
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const ArbiterShape a{"eligible_i", p.num_warps};
  require_grant_properties(m, a);

  // The block compares the entries_i fields as they come (it does not clip them to the depth),
  // so the properties range over every value the port can carry.
  m.logic(fmt::format(
      "  // The granted warp's entries, and the eligible warps holding exactly as many.\n"
      "  reg {re} grant_entries;\n"
      "  reg {rn} tied_eligible;\n"
      "  reg fewest_ok;\n"
      "  integer w_fef;\n"
      "  always @* begin\n"
      "    grant_entries = {e_zero};\n"
      "    for (w_fef = 0; w_fef < {n}; w_fef = w_fef + 1) begin\n"
      "      if (grant_o[w_fef]) grant_entries = entries_i[w_fef*{eb} +: {eb}];\n"
      "    end\n"
      "    fewest_ok = 1'b1;\n"
      "    tied_eligible = {n_zero};\n"
      "    for (w_fef = 0; w_fef < {n}; w_fef = w_fef + 1) begin\n"
      "      if (eligible_i[w_fef] && entries_i[w_fef*{eb} +: {eb}] < grant_entries) begin\n"
      "        fewest_ok = 1'b0;\n"
      "      end\n"
      "      tied_eligible[w_fef] = eligible_i[w_fef] && entries_i[w_fef*{eb} +: {eb}] == "
      "grant_entries;\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("re", range(eb)), fmt::arg("rn", range(p.num_warps)), fmt::arg("e_zero", lit(eb, 0)),
      fmt::arg("n_zero", lit(p.num_warps, 0)), fmt::arg("n", p.num_warps), fmt::arg("eb", eb)));
  m.require("fewest_entries", "!grant_valid_o || fewest_ok",
            "the granted warp has the fewest entries_i among the eligible warps");

  // Ties go round robin after the warp fetched last; after reset warp 0 wins the first tie.
  declare_last_grant(m, a, p.num_warps - 1);
  require_round_robin_after_last(m, "ties_round_robin", "tied_eligible", a,
                                 "among eligible warps with the fewest entries, the grant is the "
                                 "first after the warp granted last (warp 0 first after reset)");

  invariant_warp_ids_in_range(m, "last_fetch_in_range", "last_fetch_q", 1, a,
                              "the round-robin pointer is a warp id");
  m.invariant("last_fetch_matches", "last_fetch_q == last_grant_warp_q",
              "the round-robin pointer holds the warp granted last (n-1 before any grant)");
  return m.finish();
}

}  // namespace wf::gen
