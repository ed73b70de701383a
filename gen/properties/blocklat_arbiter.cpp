// Formal properties of the BLOCKLAT issue arbiter (sim_model/blocks/blocklat_arbiter.h).
#include "gen/properties/blocklat_arbiter.h"

#include <fmt/core.h>

#include "gen/module_name.h"
#include "gen/properties/arbiter_properties.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::BlocklatArbiterParams& p) {
  using B = blocks::BlocklatArbiter;
  const unsigned n = p.num_warps;
  const unsigned cb = p.cta_bits();
  const unsigned b = p.count_bits;
  const unsigned sn = p.num_cta_slots;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const ArbiterShape a{"ready_i", n, sn, cb, b};
  assume_requesters_in_cta_slots(m, a);
  require_grant_properties(m, a);
  declare_grant_cta(m, a);

  m.logic(fmt::format(
      "  // The CTA slot granted last since reset, seen from the grant ports (reset: the last\n"
      "  // slot, so that slot 0 has the first turn).\n"
      "  reg {rc} last_grant_cta_q;\n"
      "  always @(posedge clk_i) begin\n"
      "    if (!rst_ni) begin\n"
      "      last_grant_cta_q <= {last};\n"
      "    end else if (grant_valid_o) begin\n"
      "      last_grant_cta_q <= grant_cta;\n"
      "    end\n"
      "  end\n\n"
      "  // CTA round robin: no CTA slot with a ready warp lies strictly between the slot granted\n"
      "  // last and the grant's, round the ring of slots (a full turn leaves every other slot\n"
      "  // between). Most stalled: no ready warp of the grant's CTA has more stall cycles, or as\n"
      "  // many and a lower warp id.\n"
      "  reg {rs} ctas_ready;\n"
      "  reg {rb} grant_count;\n"
      "  reg cta_turn_ok, most_stalled_ok;\n"
      "  integer w_bl, c_bl;\n"
      "  always @* begin\n"
      "    ctas_ready = {s_zero};\n"
      "    grant_count = {b_zero};\n"
      "    for (w_bl = 0; w_bl < {n}; w_bl = w_bl + 1) begin\n"
      "      for (c_bl = 0; c_bl < {s}; c_bl = c_bl + 1) begin\n"
      "        if (ready_i[w_bl] && warp_cta_i[w_bl*{cb} +: {cb}] == c_bl[{cb_m1}:0]) begin\n"
      "          ctas_ready[c_bl] = 1'b1;\n"
      "        end\n"
      "      end\n"
      "      if (grant_o[w_bl]) grant_count = stall_count_i[w_bl*{b} +: {b}];\n"
      "    end\n"
      "    cta_turn_ok = 1'b1;\n"
      "    for (c_bl = 0; c_bl < {s}; c_bl = c_bl + 1) begin\n"
      "      if (ctas_ready[c_bl] &&\n"
      "          ((last_grant_cta_q < grant_cta)\n"
      "               ? (c_bl[{cb_m1}:0] > last_grant_cta_q && c_bl[{cb_m1}:0] < grant_cta)\n"
      "               : (c_bl[{cb_m1}:0] > last_grant_cta_q || c_bl[{cb_m1}:0] < grant_cta))) "
      "begin\n"
      "        cta_turn_ok = 1'b0;\n"
      "      end\n"
      "    end\n"
      "    most_stalled_ok = 1'b1;\n"
      "    for (w_bl = 0; w_bl < {n}; w_bl = w_bl + 1) begin\n"
      "      if (ready_i[w_bl] && warp_cta_i[w_bl*{cb} +: {cb}] == grant_cta &&\n"
      "          (stall_count_i[w_bl*{b} +: {b}] > grant_count ||\n"
      "           (stall_count_i[w_bl*{b} +: {b}] == grant_count && "
      "w_bl[{wb_m1}:0] < grant_warp_o))) begin\n"
      "        most_stalled_ok = 1'b0;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rc", range(cb)), fmt::arg("last", lit(cb, sn - 1)), fmt::arg("rs", range(sn)),
      fmt::arg("rb", range(b)), fmt::arg("s_zero", lit(sn, 0)), fmt::arg("b_zero", lit(b, 0)),
      fmt::arg("n", n), fmt::arg("s", sn), fmt::arg("cb", cb), fmt::arg("cb_m1", cb - 1),
      fmt::arg("b", b), fmt::arg("wb_m1", p.warp_bits() - 1)));
  m.require("cta_round_robin", "!grant_valid_o || cta_turn_ok",
            "the grant goes to the first CTA slot with a ready warp after the slot granted last, "
            "round the ring of CTA slots");
  // The maximum over the CTA's counts is where Yosys' SAT engine grows with the count width
  // (6 bits: 15 s, 8 bits: 5 min, 11 bits: hours), not with the number of warps. The logic only
  // compares counts, so count_bits >= clog2(num_warps) already realizes every order of the
  // counts, ties included; the generator emits the same comparators at every width. The
  // property is therefore stated up to kMostStalledProofBits, and the `narrow` corner proves it
  // for the preset's warps and CTA slots (docs/blocks/blocklat_arbiter.md).
  if (b <= kMostStalledProofBits) {
    m.require("most_stalled_in_cta", "!grant_valid_o || most_stalled_ok",
              "inside its CTA the grant goes to the ready warp with the most stall cycles "
              "(stall_count_i), ties to the lower warp id");
  }
  m.expose("last_cta_q", cb);
  m.invariant("last_cta_matches", "last_cta_q == last_grant_cta_q",
              "the issued-last register is the CTA slot granted last");
  if ((1u << cb) != sn) {
    m.invariant("last_cta_in_range", fmt::format("last_cta_q < {}", lit(cb, sn)),
                "the issued-last register holds a CTA slot");
  }
  return m.finish();
}

}  // namespace wf::gen
