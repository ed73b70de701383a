#include "gen/most_waiting_first.h"

#include <fmt/core.h>

#include "gen/cta_select.h"
#include "gen/verilog.h"

namespace wf::gen {

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

std::string mwf_select_block(const std::string& mask, const std::string& what,
                             const std::string& greedy, const CtaLayout& l, unsigned warp_bits,
                             bool gto) {
  return cta_then_warp_select_block(
      mask, what, greedy, l, warp_bits, gto,
      [&l](const std::string& has) { return critical_cta_block(has, l); });
}

}  // namespace wf::gen
