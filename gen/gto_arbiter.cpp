// Verilog for the greedy-then-oldest issue arbiter (sim_model/blocks/gto_arbiter.h).
#include "gen/gto_arbiter.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/snippets.h"
#include "gen/verilog.h"

namespace wf::gen {

std::string emit(const blocks::GtoArbiterParams& p) {
  const unsigned n = p.num_warps;
  const unsigned wb = blocks::clog2(n);
  const unsigned cb = p.cta_bits();
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(blocks::GtoArbiter::kName, module,
                   "Greedy-then-oldest (GTO) issue arbiter: keeps granting the warp granted last\n"
                   "while it is ready, else the oldest ready warp (CTA dispatch rank, then the\n"
                   "lower warp id).",
                   blocks::param_list(p), blocks::GtoArbiterParams::describe());
  s << "\n";
  s << module_open(
      module, {{Port::kIn, n, "ready_i", "Bit w: warp w has a valid, ready instruction."},
               {Port::kIn, n * cb, "warp_cta_i", "CTA slot of warp w in [w*CTA_BITS +: CTA_BITS]."},
               {Port::kIn, p.num_cta_slots * cb, "cta_age_i",
                "Dispatch rank of CTA slot c (0 = oldest) in [c*CTA_BITS +: CTA_BITS]."},
               {Port::kOut, 1, "grant_valid_o", "Some warp is granted."},
               {Port::kOut, wb, "grant_warp_o", "The granted warp (0 when none)."},
               {Port::kOut, n, "grant_o", "One-hot grant_warp_o, zero when no grant."}});
  s << "\n";
  s << fmt::format("  localparam NUM_WARPS = {};\n", n);
  s << fmt::format("  localparam NUM_CTA_SLOTS = {};\n", p.num_cta_slots);
  s << fmt::format("  localparam CTA_BITS = {};\n\n", cb);
  s << "  /// The greedy warp: granted last, kept while it stays ready.\n";
  s << "  reg greedy_valid_q;\n";
  s << fmt::format("  reg {} greedy_warp_q;\n\n", range(wb));
  s << "  // Each warp's age is its CTA's dispatch rank.\n";
  s << per_warp_lookup("warp_age", "cta_age_i", "warp_cta_i", n, p.num_cta_slots, cb, cb, "age");
  s << oldest_warp_block("oldest", "ready_i", "warp_age", n, cb);
  s << "  wire greedy_ready = greedy_valid_q && ready_i[greedy_warp_q];\n";
  s << "  assign grant_valid_o = greedy_ready || oldest_valid;\n";
  s << "  assign grant_warp_o  = greedy_ready ? greedy_warp_q : oldest_warp;\n";
  s << onehot_assign("grant_o", "grant_valid_o", "grant_warp_o", n);
  s << "\n";
  s << "  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << "      greedy_valid_q <= 1'b0;\n";
  s << fmt::format("      greedy_warp_q  <= {};\n", lit(wb, 0));
  s << "    end else if (grant_valid_o) begin\n";
  s << "      greedy_valid_q <= 1'b1;\n";
  s << "      greedy_warp_q  <= grant_warp_o;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
