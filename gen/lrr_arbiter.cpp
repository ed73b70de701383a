// Verilog for the loose-round-robin issue arbiter (sim_model/blocks/lrr_arbiter.h).
#include "gen/lrr_arbiter.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/snippets.h"
#include "gen/verilog.h"

namespace wf::gen {

std::string emit(const blocks::LrrArbiterParams& p) {
  using blocks::clog2;
  const unsigned n = p.num_warps;
  const unsigned wb = clog2(n);
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(blocks::LrrArbiter::kName, module,
                   "Loose round robin (LRR) issue arbiter: grants the first ready warp after the\n"
                   "warp granted last, wrapping around. The baseline scheduler of GPGPU-Sim.",
                   blocks::param_list(p), blocks::LrrArbiterParams::describe());
  s << "\n";
  s << module_open(module,
                   {{Port::kIn, n, "ready_i", "Bit w: warp w has a valid, ready instruction."},
                    {Port::kOut, 1, "grant_valid_o", "Some warp is granted."},
                    {Port::kOut, wb, "grant_warp_o", "The granted warp (0 when none)."},
                    {Port::kOut, n, "grant_o", "One-hot grant_warp_o, zero when no grant."}});
  s << "\n";
  s << fmt::format("  localparam NUM_WARPS = {};\n\n", n);
  s << "  /// The warp granted last: the round robin restarts after it.\n";
  s << fmt::format("  reg {} last_warp_q;\n\n", range(wb));
  s << ring_add_function("ring_add", n);
  s << round_robin_block("next", "ready_i", "last_warp_q", n);
  s << "  assign grant_valid_o = next_valid;\n";
  s << "  assign grant_warp_o  = next_warp;\n";
  s << onehot_assign("grant_o", "grant_valid_o", "grant_warp_o", n);
  s << "\n";
  s << "  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << fmt::format("      last_warp_q <= {};  // warp 0 goes first\n", lit(wb, n - 1));
  s << "    end else if (grant_valid_o) begin\n";
  s << "      last_warp_q <= grant_warp_o;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
