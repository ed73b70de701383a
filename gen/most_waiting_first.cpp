#include "gen/most_waiting_first.h"

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

std::string critical_cta_block(const std::string& has, const CtaLayout& l) {
  return fmt::format(
      "  // Most waiting first: the CTA with the most warps waiting at its barrier. The upward\n"
      "  // scan with a strict '>' gives ties to the smaller CTA slot.\n"
      "  reg critical_found;\n"
      "  reg {rc} critical_cta;\n"
      "  reg {rp} critical_count;\n"
      "  integer c_critical;\n"
      "  always @* begin\n"
      "    critical_found = 1'b0;\n"
      "    critical_cta   = {zc};\n"
      "    critical_count = {zp};\n"
      "    for (c_critical = 0; c_critical < {s}; c_critical = c_critical + 1) begin\n"
      "      if ({has}[c_critical] && (!critical_found ||\n"
      "          wpt_count_i[c_critical*{pb} +: {pb}] > critical_count)) begin\n"
      "        critical_found = 1'b1;\n"
      "        critical_cta   = c_critical[{cb_m1}:0];\n"
      "        critical_count = wpt_count_i[c_critical*{pb} +: {pb}];\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rc", range(l.cta_bits)), fmt::arg("rp", range(l.count_bits)),
      fmt::arg("zc", lit(l.cta_bits, 0)), fmt::arg("zp", lit(l.count_bits, 0)),
      fmt::arg("s", l.num_cta_slots), fmt::arg("has", has), fmt::arg("pb", l.count_bits),
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

std::string mwf_select_block(const std::string& mask, const std::string& what,
                             const std::string& greedy, const CtaLayout& l, unsigned warp_bits,
                             bool gto) {
  const std::string has = "cta_has_" + what;
  const std::string critical = "critical_" + what;
  std::string s;
  if (!gto) s += ring_add_function("ring_add", l.num_warps);
  s += ctas_with_warps_block(has, mask, l);
  s += critical_cta_block(has, l);
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

}  // namespace wf::gen
