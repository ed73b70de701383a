#include "gen/properties/first_hit_properties.h"

#include <fmt/core.h>

#include "gen/verilog.h"

namespace wf::gen {

// The first-hit order as the header defines it, kept as ghost state of the wrapper: per pair of
// CTA slots, whether one's current wait began strictly before the other's. This is the order of
// first-hit times, not the block's encoding (one "ranks before" bit per unordered pair with the
// slot tie-break folded in); the invariants tie the two together.
void declare_first_hit_ghost(PropertyModule& m, const ArbiterShape& a) {
  const unsigned s = a.num_cta_slots;
  m.logic(fmt::format(
      "  // Ghost first-hit order. A slot waits while its wpt_count_i is non-zero; its first hit\n"
      "  // is the cycle its count leaves 0. earlier[i*{s}+j]: i and j wait now and i's wait\n"
      "  // began in an earlier cycle than j's (same-cycle first hits: neither).\n"
      "  reg {rs} fh_waiting_q;\n"
      "  reg {rss} fh_earlier_q;\n"
      "  reg {rs} fh_waiting;\n"
      "  reg {rss} fh_earlier;\n"
      "  integer c_fh, i_fh, j_fh;\n"
      "  always @* begin\n"
      "    for (c_fh = 0; c_fh < {s}; c_fh = c_fh + 1) begin\n"
      "      fh_waiting[c_fh] = wpt_count_i[c_fh*{pb} +: {pb}] != {p_zero};\n"
      "    end\n"
      "    for (i_fh = 0; i_fh < {s}; i_fh = i_fh + 1) begin\n"
      "      for (j_fh = 0; j_fh < {s}; j_fh = j_fh + 1) begin\n"
      "        // Both wait now and i already waited last cycle: if j did too, their order is\n"
      "        // the one recorded; if j just hit, i hit first.\n"
      "        fh_earlier[i_fh*{s} + j_fh] = i_fh != j_fh && fh_waiting[i_fh] && "
      "fh_waiting[j_fh] &&\n"
      "            fh_waiting_q[i_fh] && (!fh_waiting_q[j_fh] || fh_earlier_q[i_fh*{s} + "
      "j_fh]);\n"
      "      end\n"
      "    end\n"
      "  end\n"
      "  always @(posedge clk_i) begin\n"
      "    if (!rst_ni) begin\n"
      "      fh_waiting_q <= {s_zero};\n"
      "      fh_earlier_q <= {ss_zero};\n"
      "    end else begin\n"
      "      fh_waiting_q <= fh_waiting;\n"
      "      fh_earlier_q <= fh_earlier;\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("s", s), fmt::arg("rs", range(s)), fmt::arg("rss", range(s * s)),
      fmt::arg("pb", a.count_bits), fmt::arg("p_zero", lit(a.count_bits, 0)),
      fmt::arg("s_zero", lit(s, 0)), fmt::arg("ss_zero", lit(s * s, 0))));
}

// Property first_hit_cta: no CTA with a requesting warp ranks before the granted warp's CTA.
void require_first_hit_cta(PropertyModule& m, const ArbiterShape& a) {
  m.logic(fmt::format(
      "  // CTA slots with a requesting warp, and whether one of them ranks before the grant's:\n"
      "  // waiting before not waiting, then the earlier first hit, then the smaller slot.\n"
      "  reg {rs} cta_requests;\n"
      "  reg first_hit_ok;\n"
      "  integer w_fhc, c_fhc, g_fhc;\n"
      "  always @* begin\n"
      "    cta_requests = {s_zero};\n"
      "    for (w_fhc = 0; w_fhc < {n}; w_fhc = w_fhc + 1) begin\n"
      "      for (c_fhc = 0; c_fhc < {s}; c_fhc = c_fhc + 1) begin\n"
      "        if ({req}[w_fhc] && warp_cta_i[w_fhc*{cb} +: {cb}] == c_fhc[{cb_m1}:0]) begin\n"
      "          cta_requests[c_fhc] = 1'b1;\n"
      "        end\n"
      "      end\n"
      "    end\n"
      "    first_hit_ok = 1'b1;\n"
      "    for (g_fhc = 0; g_fhc < {s}; g_fhc = g_fhc + 1) begin\n"
      "      for (c_fhc = 0; c_fhc < {s}; c_fhc = c_fhc + 1) begin\n"
      "        if (grant_cta == g_fhc[{cb_m1}:0] && c_fhc != g_fhc && cta_requests[c_fhc] &&\n"
      "            (fh_waiting[c_fhc] != fh_waiting[g_fhc]\n"
      "                 ? fh_waiting[c_fhc]\n"
      "                 : (fh_earlier[c_fhc*{s} + g_fhc] ||\n"
      "                    (!fh_earlier[g_fhc*{s} + c_fhc] && c_fhc < g_fhc)))) begin\n"
      "          first_hit_ok = 1'b0;\n"
      "        end\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rs", range(a.num_cta_slots)), fmt::arg("s_zero", lit(a.num_cta_slots, 0)),
      fmt::arg("n", a.num_warps), fmt::arg("s", a.num_cta_slots), fmt::arg("req", a.request),
      fmt::arg("cb", a.cta_bits), fmt::arg("cb_m1", a.cta_bits - 1)));
  m.require("first_hit_cta", "!grant_valid_o || first_hit_ok",
            "the grant goes to the CTA that ranks first among the CTAs with a requesting warp: "
            "CTAs waiting at a barrier (wpt_count_i non-zero) before the others, among them the "
            "earliest first hit, ties (same-cycle first hits, or not waiting) to the smaller slot");
}

// Invariants: the ghost order is a strict weak order over the slots that waited last cycle (the
// order of their first-hit times), and the block's registers hold the same order.
void invariant_first_hit_state(PropertyModule& m, const ArbiterShape& a) {
  const unsigned s = a.num_cta_slots;
  const unsigned pairs = s * (s - 1) / 2;
  m.logic(fmt::format(
      "  reg earlier_among_waiting_ok, earlier_transitive_ok, earlier_ties_transitive_ok;\n"
      "  integer i_inv, j_inv, k_inv;\n"
      "  always @* begin\n"
      "    earlier_among_waiting_ok   = 1'b1;\n"
      "    earlier_transitive_ok      = 1'b1;\n"
      "    earlier_ties_transitive_ok = 1'b1;\n"
      "    for (i_inv = 0; i_inv < {s}; i_inv = i_inv + 1) begin\n"
      "      for (j_inv = 0; j_inv < {s}; j_inv = j_inv + 1) begin\n"
      "        if (fh_earlier_q[i_inv*{s} + j_inv] &&\n"
      "            (i_inv == j_inv || !fh_waiting_q[i_inv] || !fh_waiting_q[j_inv])) begin\n"
      "          earlier_among_waiting_ok = 1'b0;\n"
      "        end\n"
      "        for (k_inv = 0; k_inv < {s}; k_inv = k_inv + 1) begin\n"
      "          if (fh_earlier_q[i_inv*{s} + j_inv] && fh_earlier_q[j_inv*{s} + k_inv] &&\n"
      "              !fh_earlier_q[i_inv*{s} + k_inv]) begin\n"
      "            earlier_transitive_ok = 1'b0;\n"
      "          end\n"
      "          // i before k, so j (waiting too) comes after i or before k: ties are\n"
      "          // transitive.\n"
      "          if (fh_earlier_q[i_inv*{s} + k_inv] && fh_waiting_q[j_inv] &&\n"
      "              !fh_earlier_q[i_inv*{s} + j_inv] && !fh_earlier_q[j_inv*{s} + k_inv]) begin\n"
      "            earlier_ties_transitive_ok = 1'b0;\n"
      "          end\n"
      "        end\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("s", s)));
  m.invariant("earlier_among_waiting", "earlier_among_waiting_ok",
              "the ghost first-hit order only relates two different slots that both waited");
  m.invariant("earlier_transitive", "earlier_transitive_ok",
              "the ghost first-hit order is transitive");
  m.invariant("earlier_ties_transitive", "earlier_ties_transitive_ok",
              "slots with the same first-hit time rank alike against every other waiting slot");

  // The block records every cycle's order of each pair i < j (i ranks before j): last cycle's
  // waiting slot first when only one of the two waited, the smaller slot when neither did, and
  // the ghost order (ties to the smaller slot) when both did. Its packing (row i of the upper
  // triangle after the rows above it) is the block's, named in gen/first_hit_order.h.
  m.expose("hit_before_q", pairs);
  std::string matches;
  unsigned bit = 0;
  for (unsigned i = 0; i < s; ++i) {
    for (unsigned j = i + 1; j < s; ++j, ++bit) {
      const std::string before =
          pairs == 1 ? std::string("hit_before_q") : fmt::format("hit_before_q[{}]", bit);
      matches +=
          fmt::format("{}{} == ((fh_waiting_q[{}] || !fh_waiting_q[{}]) && !fh_earlier_q[{}])",
                      matches.empty() ? "" : " &&\n      ", before, i, j, j * s + i);
    }
  }
  m.invariant("hit_order_matches", matches,
              "the block's pair bit says the smaller slot ranks first exactly when, last cycle, "
              "it waited and the larger did not, or neither waited, or both did and the "
              "larger's wait did not begin earlier");
}

}  // namespace wf::gen
