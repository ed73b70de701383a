// Verilog for the BLOCKLAT issue arbiter (sim_model/blocks/blocklat_arbiter.h).
#include "gen/blocklat_arbiter.h"

#include <sstream>

#include "gen/cta_select.h"
#include "gen/module_name.h"
#include "gen/snippets.h"
#include "gen/verilog.h"

namespace wf::gen {

namespace {

// The most-stalled ready warp of the critical CTA: a tree of pairwise maxima, so the path is
// log2(num_warps) comparators deep, not num_warps as a scan would be. A candidate is {valid,
// warp, count}; the left operand always holds the lower warp ids, so '>=' keeps the lower id
// on ties.
std::string most_stalled_tree(unsigned n, unsigned wb, unsigned b) {
  const unsigned c = 1 + wb + b;  // a candidate's width
  std::string s = fmt::format(
      "  // The most-stalled ready warp of the critical CTA: a tree of pairwise maxima (depth\n"
      "  // log2 of the warps). A candidate is {{valid, warp, count}}; the left one holds the "
      "lower\n"
      "  // warp ids and wins ties.\n"
      "  function {rc} stalled_max;\n"
      "    input {rc} lo;\n"
      "    input {rc} hi;\n"
      "    begin\n"
      "      if (lo[{v}] && (!hi[{v}] || lo[{bm1}:0] >= hi[{bm1}:0])) stalled_max = lo;\n"
      "      else stalled_max = hi;\n"
      "    end\n"
      "  endfunction\n\n"
      "  reg {r0} level0;\n"
      "  integer w_leaf;\n"
      "  always @* begin\n"
      "    for (w_leaf = 0; w_leaf < {n}; w_leaf = w_leaf + 1) begin\n"
      "      level0[w_leaf*{c} +: {c}] =\n"
      "          {{critical_ready[w_leaf], w_leaf[{wbm1}:0], stall_count_i[w_leaf*{b} +: {b}]}};\n"
      "    end\n"
      "  end\n",
      fmt::arg("rc", range(c)), fmt::arg("v", c - 1), fmt::arg("bm1", b - 1),
      fmt::arg("r0", range(n * c)), fmt::arg("n", n), fmt::arg("c", c), fmt::arg("wbm1", wb - 1),
      fmt::arg("b", b));
  unsigned level = 0;
  for (unsigned m = n; m > 1; m = (m + 1) / 2, ++level) {
    const unsigned pairs = m / 2;
    const unsigned up = level + 1;
    s += fmt::format(
        "  reg {r} level{u};\n"
        "  integer i_level{u};\n"
        "  always @* begin\n"
        "    for (i_level{u} = 0; i_level{u} < {pairs}; i_level{u} = i_level{u} + 1) begin\n"
        "      level{u}[i_level{u}*{c} +: {c}] = stalled_max(level{l}[2*i_level{u}*{c} +: {c}],\n"
        "                                                  level{l}[(2*i_level{u}+1)*{c} +: "
        "{c}]);\n"
        "    end\n",
        fmt::arg("r", range(((m + 1) / 2) * c)), fmt::arg("u", up), fmt::arg("l", level),
        fmt::arg("pairs", pairs), fmt::arg("c", c));
    if (m % 2) {
      s += fmt::format("    level{}[{} +: {}] = level{}[{} +: {}];  // the odd one out moves up\n",
                       up, pairs * c, c, level, (m - 1) * c, c);
    }
    s += "  end\n";
  }
  s += fmt::format("  wire {} pick_warp = level{}[{}] ? level{}[{} +: {}] : {};\n", range(wb),
                   level, c - 1, level, b, wb, lit(wb, 0));
  s += fmt::format("  wire unused_pick_count = ^level{}[{}:0];  // the winner's count\n\n", level,
                   b - 1);
  return s;
}

}  // namespace

std::string emit(const blocks::BlocklatArbiterParams& p) {
  const unsigned n = p.num_warps;
  const unsigned wb = p.warp_bits();
  const unsigned cb = p.cta_bits();
  const unsigned b = p.count_bits;
  const unsigned sn = p.num_cta_slots;
  const CtaLayout layout{n, sn, cb, b};
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(
      blocks::BlocklatArbiter::kName, module,
      "BLOCKLAT issue arbiter: the CTAs take turns (the first CTA slot after the one that\n"
      "issued last, round the ring of slots, with a ready warp); inside that CTA the ready\n"
      "warp with the most stall cycles (stall_count_i, from the stall counter bank) goes\n"
      "first, ties to the lower warp id.",
      blocks::param_list(p), blocks::BlocklatArbiterParams::describe());
  s << "\n";
  s << module_open(
      module, {{Port::kIn, n, "ready_i", "Bit w: warp w has a valid, ready instruction."},
               {Port::kIn, n * cb, "warp_cta_i", "CTA slot of warp w in [w*CTA_BITS +: CTA_BITS]."},
               {Port::kIn, n * b, "stall_count_i",
                "Stall cycles of warp w in [w*COUNT_BITS +: COUNT_BITS]."},
               {Port::kOut, 1, "grant_valid_o", "Some warp is granted."},
               {Port::kOut, wb, "grant_warp_o", "The granted warp (0 when none)."},
               {Port::kOut, n, "grant_o", "One-hot grant_warp_o, zero when no grant."}});
  s << "\n";
  s << fmt::format("  localparam NUM_WARPS = {};\n", n);
  s << fmt::format("  localparam NUM_CTA_SLOTS = {};\n", sn);
  s << fmt::format("  localparam WARP_BITS = {};\n", wb);
  s << fmt::format("  localparam CTA_BITS = {};\n", cb);
  s << fmt::format("  localparam COUNT_BITS = {};\n\n", b);
  s << "  /// The CTA slot that issued last: the CTAs' round robin starts after it.\n";
  s << fmt::format("  reg {} last_cta_q;\n\n", vector_range(cb));
  s << "  // The CTAs' turn: ring_add walks the ring of CTA slots here.\n";
  s << ring_add_function("ring_add", sn);
  s << ctas_with_warps_block("cta_has_ready", "ready_i", layout);
  s << round_robin_block("turn", "cta_has_ready", "last_cta_q", sn);
  s << fmt::format("  wire {} critical_cta = turn_warp;  // the CTA whose turn it is\n\n",
                   range(cb));
  s << warps_of_critical_cta_block("critical_ready", "ready_i", layout);
  s << most_stalled_tree(n, wb, b);
  s << "  assign grant_valid_o = turn_valid;  // the critical CTA has a ready warp\n";
  s << "  assign grant_warp_o  = pick_warp;\n";
  s << onehot_assign("grant_o", "grant_valid_o", "grant_warp_o", n);
  s << "\n";
  s << "  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << fmt::format("      last_cta_q <= {};  // slot 0 goes first\n", lit(cb, sn - 1));
  s << "    end else if (grant_valid_o) begin\n";
  s << "      last_cta_q <= critical_cta;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
