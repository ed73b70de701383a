// Formal properties of the BAWS warp priority table (sim_model/blocks/warp_priority_table.h).
#include "gen/properties/warp_priority_table.h"

#include <algorithm>

#include <fmt/core.h>

#include "gen/module_name.h"
#include "gen/properties/property_module.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::WarpPriorityTableParams& p) {
  using B = blocks::WarpPriorityTable;
  const unsigned s = p.num_cta_slots;
  const unsigned cb = p.cta_bits();
  const unsigned pb = p.count_bits();
  const unsigned gb = pb + 3;  // a count plus up to 4 arrivals never overflows this
  const unsigned ports = p.num_arrive_ports;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  m.free_input("cta_warps_i", s * pb,
               "Environment: the number of warps of the CTA in slot c, in [c*COUNT_BITS +: "
               "COUNT_BITS].");
  // From reset, saturating a counter takes max_warps_per_cta / ports cycles of arrivals; past
  // about a dozen cycles the search for a counterexample gets slow (minutes), so deeper ones
  // are left to --max-steps.
  m.set_depth(std::min(12u, (p.max_warps_per_cta + ports - 1) / ports + 4));

  m.logic(fmt::format(
      "  // Arrivals per CTA slot this cycle.\n"
      "  reg {rg} arrivals_now;\n"
      "  integer c_now, k_now;\n"
      "  always @* begin\n"
      "    arrivals_now = {g_zero};\n"
      "    for (c_now = 0; c_now < {s}; c_now = c_now + 1) begin\n"
      "      for (k_now = 0; k_now < {ports}; k_now = k_now + 1) begin\n"
      "        if (arrive_valid_i[k_now] && arrive_cta_i[k_now*{cb} +: {cb}] == c_now[{cb_m1}:0]) "
      "begin\n"
      "          arrivals_now[c_now*{gb} +: {gb}] = arrivals_now[c_now*{gb} +: {gb}] + {g_one};\n"
      "        end\n"
      "      end\n"
      "    end\n"
      "  end\n\n"
      "  // Per CTA slot: arrivals since its last release (or reset), and the previous cycle's\n"
      "  // count, release and arrivals.\n"
      "  reg {rg} arrived_q;\n"
      "  reg {rp} past_count_q;\n"
      "  reg {rs} past_release_q;\n"
      "  reg {rg} past_arrivals_q;\n"
      "  integer c_ghost;\n"
      "  always @(posedge clk_i) begin\n"
      "    past_count_q    <= count_o;\n"
      "    past_release_q  <= release_i;\n"
      "    past_arrivals_q <= arrivals_now;\n"
      "    for (c_ghost = 0; c_ghost < {s}; c_ghost = c_ghost + 1) begin\n"
      "      if (!rst_ni || release_i[c_ghost]) begin\n"
      "        arrived_q[c_ghost*{gb} +: {gb}] <= {g1_zero};\n"
      "      end else begin\n"
      "        arrived_q[c_ghost*{gb} +: {gb}] <=\n"
      "            arrived_q[c_ghost*{gb} +: {gb}] + arrivals_now[c_ghost*{gb} +: {gb}];\n"
      "      end\n"
      "    end\n"
      "  end\n\n"
      "  // Each property over every CTA slot.\n"
      "  reg within_max_ok, saturates_ok, adds_ok, release_ok, reset_ok, le_arrived_ok, "
      "le_cta_ok;\n"
      "  reg arrivals_within_cta_ok;\n"
      "  reg {rg1} count, expected;\n"
      "  integer c_chk;\n"
      "  always @* begin\n"
      "    within_max_ok = 1'b1;\n"
      "    saturates_ok  = 1'b1;\n"
      "    adds_ok       = 1'b1;\n"
      "    release_ok    = 1'b1;\n"
      "    reset_ok      = 1'b1;\n"
      "    le_arrived_ok = 1'b1;\n"
      "    le_cta_ok     = 1'b1;\n"
      "    arrivals_within_cta_ok = 1'b1;\n"
      "    count    = {g1_zero};\n"
      "    expected = {g1_zero};\n"
      "    for (c_chk = 0; c_chk < {s}; c_chk = c_chk + 1) begin\n"
      "      count    = {{{pad}'d0, count_o[c_chk*{pb} +: {pb}]}};\n"
      "      expected = {{{pad}'d0, past_count_q[c_chk*{pb} +: {pb}]}} +\n"
      "                 past_arrivals_q[c_chk*{gb} +: {gb}];\n"
      "      if (expected > {max}) expected = {max};\n"
      "      if (count > {max}) within_max_ok = 1'b0;\n"
      "      if (past_valid_q && !past_release_q[c_chk] &&\n"
      "          count_o[c_chk*{pb} +: {pb}] < past_count_q[c_chk*{pb} +: {pb}]) begin\n"
      "        saturates_ok = 1'b0;\n"
      "      end\n"
      "      if (past_valid_q && !past_release_q[c_chk] && count != expected) adds_ok = 1'b0;\n"
      "      if (past_valid_q && past_release_q[c_chk] && count != {g1_zero}) release_ok = 1'b0;\n"
      "      if (past_reset_q && count != {g1_zero}) reset_ok = 1'b0;\n"
      "      if (count > arrived_q[c_chk*{gb} +: {gb}]) le_arrived_ok = 1'b0;\n"
      "      if (count_o[c_chk*{pb} +: {pb}] > cta_warps_i[c_chk*{pb} +: {pb}]) le_cta_ok = 1'b0;\n"
      "      if (arrived_q[c_chk*{gb} +: {gb}] > {{{pad}'d0, cta_warps_i[c_chk*{pb} +: {pb}]}}) "
      "begin\n"
      "        arrivals_within_cta_ok = 1'b0;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rg", range(s * gb)), fmt::arg("g_zero", lit(s * gb, 0)),
      fmt::arg("g_one", lit(gb, 1)), fmt::arg("g1_zero", lit(gb, 0)), fmt::arg("s", s),
      fmt::arg("ports", ports), fmt::arg("cb", cb), fmt::arg("cb_m1", cb - 1), fmt::arg("gb", gb),
      fmt::arg("rp", range(s * pb)), fmt::arg("rs", range(s)), fmt::arg("rg1", range(gb)),
      fmt::arg("pad", gb - pb), fmt::arg("pb", pb), fmt::arg("max", lit(gb, p.max_warps_per_cta))));

  m.assume("arrivals_within_cta", "arrivals_within_cta_ok",
           "a CTA's warps arrive at a barrier at most once each, so the arrivals since the "
           "slot's last release never exceed cta_warps_i (In::arrive_valid)");
  m.require("count_within_max", "within_max_ok", "no count exceeds max_warps_per_cta");
  m.require("count_saturates", "saturates_ok",
            "a count never decreases except by a release or reset: it saturates, it does not wrap");
  m.require("count_adds_arrivals", "adds_ok",
            "without a release a count grows by the previous cycle's arrivals, up to "
            "max_warps_per_cta");
  m.require("release_clears", "release_ok",
            "a release empties the slot's count, whatever arrived in the same cycle");
  m.require("reset_clears", "reset_ok", "after a reset every count is 0");
  m.require("count_within_arrivals", "le_arrived_ok",
            "a count never exceeds the arrivals since the slot's last release");
  m.require("count_within_cta", "le_cta_ok",
            "a count never exceeds the number of warps of the CTA in the slot");
  return m.finish();
}

}  // namespace wf::gen
