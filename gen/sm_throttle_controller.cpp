// Verilog for BLOCKLAT's SM-throttling controller (sim_model/blocks/sm_throttle_controller.h).
#include "gen/sm_throttle_controller.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/verilog.h"

namespace wf::gen {
std::string emit(const blocks::SmThrottleControllerParams& p) {
  const unsigned cb = p.count_bits;
  const unsigned ccb = p.contention_bits();
  const unsigned lb = p.enabled_bits();
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(
      blocks::SmThrottleController::kName, module,
      "SM-throttling controller of BLOCKLAT (Algorithm 2), one per GPU: at the end of each\n"
      "dispatch round, contention = DRAM-full + icnt-to-SM stall cycles of the round; higher\n"
      "than the last round's and n > 2 lowers n, the number of SMs that receive new CTAs;\n"
      "else lower than the last round's and n < NUM_SMS raises it; else n stays.",
      blocks::param_list(p), blocks::SmThrottleControllerParams::describe());
  s << "\n";
  s << module_open(module, {{Port::kIn, 1, "valid_i", "A dispatch round ended this cycle."},
                            {Port::kIn, cb, "dram_full_i",
                             "The round's cycles in which a DRAM request queue refused a request."},
                            {Port::kIn, cb, "icnt_stall_i",
                             "The round's cycles in which a reply could not enter an SM's port."},
                            {Port::kOut, lb, "enabled_o", "n: the SMs that receive new CTAs."}});
  s << "\n";
  s << "  /// n, the SMs that receive new CTAs (n_issued_SM).\n";
  s << fmt::format("  reg {}enabled_q;\n", reg_range(lb));
  s << "  /// The last round's contention (last_contention_degree).\n";
  s << fmt::format("  reg {}last_q;\n\n", reg_range(ccb));
  s << fmt::format("  wire {} contention = {{1'b0, dram_full_i}} + {{1'b0, icnt_stall_i}};\n",
                   range(ccb));
  if (p.num_sms > 2) {
    s << fmt::format("  wire lower = contention > last_q && enabled_q > {};\n", lit(lb, 2));
  } else {
    s << "  wire lower = 1'b0;  // n > 2 never holds: n stays NUM_SMS\n";
  }
  s << fmt::format("  wire raise = contention < last_q && enabled_q < {};\n\n", lit(lb, p.num_sms));
  s << "  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << fmt::format("      enabled_q <= {};\n", lit(lb, p.num_sms));
  s << fmt::format("      last_q    <= {};\n", lit(ccb, 0));
  s << "    end else if (valid_i) begin  // a round ended: decide, remember its contention\n";
  s << fmt::format("      if (lower) enabled_q <= enabled_q - {};\n", lit(lb, 1));
  s << fmt::format("      else if (raise) enabled_q <= enabled_q + {};\n", lit(lb, 1));
  s << "      last_q    <= contention;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "  assign enabled_o = enabled_q;\n\n";
  s << "endmodule\n";
  return s.str();
}

}  // namespace wf::gen
