// Verilog for the BLOCKLAT stall counter bank (sim_model/blocks/stall_counter_bank.h).
#include "gen/stall_counter_bank.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/verilog.h"

namespace wf::gen {

std::string emit(const blocks::StallCounterBankParams& p) {
  const unsigned n = p.num_warps;
  const unsigned b = p.count_bits;
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(blocks::StallCounterBank::kName, module,
                   "Stall counter bank of BLOCKLAT: one saturating counter per warp of the\n"
                   "cycles it could not issue (control, data or structural stall). A clear (the\n"
                   "warp's CTA completed) restarts the counter at 0 and wins over a stall in the\n"
                   "same cycle; a counter at its maximum stays there.",
                   blocks::param_list(p), blocks::StallCounterBankParams::describe());
  s << "\n";
  s << module_open(module,
                   {{Port::kIn, n, "stall_i", "Bit w: warp w stalled this cycle."},
                    {Port::kIn, n, "clear_i", "Bit w: warp w's CTA completed; its counter clears."},
                    {Port::kOut, n * b, "count_o",
                     "Stall cycles of warp w in [w*COUNT_BITS +: COUNT_BITS], saturated."}});
  s << "\n";
  s << fmt::format("  localparam NUM_WARPS = {};\n", n);
  s << fmt::format("  localparam COUNT_BITS = {};\n\n", b);
  s << fmt::format("  /// The counters: {} of {} bits = {} flip-flops.\n", n, b, n * b);
  s << fmt::format("  reg {} count_q;\n", range(n * b));
  s << fmt::format("  reg {} count_d;\n", range(n * b));
  s << "  integer w_count;\n\n";
  s << "  always @* begin\n";
  s << "    count_d = count_q;\n";
  s << "    for (w_count = 0; w_count < NUM_WARPS; w_count = w_count + 1) begin\n";
  s << "      if (clear_i[w_count]) begin\n";
  s << fmt::format("        count_d[w_count*COUNT_BITS +: COUNT_BITS] = {};\n", lit(b, 0));
  s << fmt::format(
      "      end else if (stall_i[w_count] && count_q[w_count*COUNT_BITS +: COUNT_BITS] != {}) "
      "begin\n",
      lit(b, p.max_count()));
  s << "        count_d[w_count*COUNT_BITS +: COUNT_BITS] =\n";
  s << fmt::format("            count_q[w_count*COUNT_BITS +: COUNT_BITS] + {};\n", lit(b, 1));
  s << "      end\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << fmt::format("      count_q <= {};\n", lit(n * b, 0));
  s << "    end else begin\n";
  s << "      count_q <= count_d;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "  assign count_o = count_q;\n\n";
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
