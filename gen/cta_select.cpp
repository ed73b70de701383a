#include "gen/cta_select.h"

#include <fmt/core.h>

#include "gen/snippets.h"
#include "gen/verilog.h"

namespace wf::gen {

std::string ctas_with_warps_block(const std::string& out, const std::string& mask,
                                  const CtaLayout& l) {
  const std::string w = "w_" + out, c = "c_" + out;
  return fmt::format(
      "  reg {rs} {out};\n"
      "  integer {w}, {c};\n"
      "  always @* begin\n"
      "    {out} = {zs};\n"
      "    for ({w} = 0; {w} < {n}; {w} = {w} + 1) begin\n"
      "      for ({c} = 0; {c} < {s}; {c} = {c} + 1) begin\n"
      "        if ({mask}[{w}] && warp_cta_i[{w}*{cb} +: {cb}] == {c}[{cb_m1}:0]) begin\n"
      "          {out}[{c}] = 1'b1;\n"
      "        end\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rs", range(l.num_cta_slots)), fmt::arg("out", out), fmt::arg("mask", mask),
      fmt::arg("w", w), fmt::arg("c", c), fmt::arg("zs", lit(l.num_cta_slots, 0)),
      fmt::arg("n", l.num_warps), fmt::arg("s", l.num_cta_slots), fmt::arg("cb", l.cta_bits),
      fmt::arg("cb_m1", l.cta_bits - 1));
}

std::string warps_of_critical_cta_block(const std::string& out, const std::string& mask,
                                        const CtaLayout& l) {
  const std::string w = "w_" + out;
  return fmt::format(
      "  reg {rn} {out};\n"
      "  integer {w};\n"
      "  always @* begin\n"
      "    for ({w} = 0; {w} < {n}; {w} = {w} + 1) begin\n"
      "      {out}[{w}] = {mask}[{w}] && warp_cta_i[{w}*{cb} +: {cb}] == critical_cta;\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rn", range(l.num_warps)), fmt::arg("out", out), fmt::arg("w", w),
      fmt::arg("n", l.num_warps), fmt::arg("mask", mask), fmt::arg("cb", l.cta_bits));
}

std::string critical_last_block(const CtaLayout& l, unsigned warp_bits, bool with_valid) {
  std::string s = fmt::format(
      "  // The warp the critical CTA issued last.\n"
      "  reg {rw} critical_last_warp;\n"
      "{valid_decl}"
      "  integer c_last;\n"
      "  always @* begin\n"
      "    critical_last_warp  = {zw};\n"
      "{valid_init}"
      "    for (c_last = 0; c_last < {s}; c_last = c_last + 1) begin\n"
      "      if (critical_cta == c_last[{cb_m1}:0]) begin\n"
      "        critical_last_warp  = last_warp_q[c_last*{wb} +: {wb}];\n"
      "{valid_set}"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rw", range(warp_bits)), fmt::arg("zw", lit(warp_bits, 0)),
      fmt::arg("s", l.num_cta_slots), fmt::arg("cb_m1", l.cta_bits - 1), fmt::arg("wb", warp_bits),
      fmt::arg("valid_decl", with_valid ? "  reg critical_last_valid;\n" : ""),
      fmt::arg("valid_init", with_valid ? "    critical_last_valid = 1'b0;\n" : ""),
      fmt::arg("valid_set",
               with_valid ? "        critical_last_valid = last_valid_q[c_last];\n" : ""));
  return s;
}

std::string cta_then_warp_select_block(const std::string& mask, const std::string& what,
                                       const std::string& greedy, const CtaLayout& l,
                                       unsigned warp_bits, bool gto, const CtaOrder& cta_order) {
  const std::string has = "cta_has_" + what;
  const std::string critical = "critical_" + what;
  std::string s;
  if (!gto) s += ring_add_function("ring_add", l.num_warps);
  s += ctas_with_warps_block(has, mask, l);
  s += cta_order(has);
  s += warps_of_critical_cta_block(critical, mask, l);
  s += critical_last_block(l, warp_bits, gto);
  const std::string note =
      fmt::format("  // the critical CTA has {} {} warp\n", what == "eligible" ? "an" : "a", what);
  if (gto) {
    s += lowest_warp_block("oldest", critical, l.num_warps);
    s += fmt::format("  wire {} = critical_last_valid && {}[critical_last_warp];\n", greedy,
                     critical);
    s += "  assign grant_valid_o = oldest_valid;" + note;
    s += fmt::format("  assign grant_warp_o  = {} ? critical_last_warp : oldest_warp;\n", greedy);
  } else {
    s += round_robin_block("next", critical, "critical_last_warp", l.num_warps);
    s += "  assign grant_valid_o = next_valid;" + note;
    s += "  assign grant_warp_o  = next_warp;\n";
  }
  s += onehot_assign("grant_o", "grant_valid_o", "grant_warp_o", l.num_warps);
  return s;
}

std::string issued_last_regs(const CtaLayout& l, unsigned warp_bits, bool gto) {
  std::string s = "  /// Per CTA slot c, the warp it issued last, in [c*WARP_BITS +: WARP_BITS].\n";
  s += fmt::format("  reg {} last_warp_q;\n", range(l.num_cta_slots * warp_bits));
  if (gto) {
    s += "  /// Per CTA slot: last_warp_q holds a warp (GTO has no greedy warp after reset).\n";
    s += fmt::format("  reg {} last_valid_q;\n", range(l.num_cta_slots));
  }
  return s;
}

std::string issued_last_update_block(const CtaLayout& l, unsigned warp_bits, bool gto) {
  std::string s;
  s += "  integer c_update;\n";
  s += "  always @(posedge clk_i) begin\n";
  s += "    if (!rst_ni) begin\n";
  s += fmt::format("      last_warp_q  <= {{{}{{{}}}}};  // LRR starts every CTA at warp 0\n",
                   l.num_cta_slots, lit(warp_bits, l.num_warps - 1));
  if (gto) s += fmt::format("      last_valid_q <= {};\n", lit(l.num_cta_slots, 0));
  s += "    end else begin\n";
  s += "      for (c_update = 0; c_update < NUM_CTA_SLOTS; c_update = c_update + 1) begin\n";
  s += fmt::format("        if (grant_valid_o && critical_cta == c_update[{}:0]) begin\n",
                   l.cta_bits - 1);
  s += "          last_warp_q[c_update*WARP_BITS +: WARP_BITS] <= grant_warp_o;\n";
  if (gto) s += "          last_valid_q[c_update] <= 1'b1;\n";
  s += "        end\n";
  s += "      end\n";
  s += "    end\n";
  s += "  end\n\n";
  return s;
}

}  // namespace wf::gen
