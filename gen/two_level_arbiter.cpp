// Verilog for the two-level round-robin arbiter (sim_model/blocks/two_level_arbiter.h).
#include "gen/two_level_arbiter.h"

#include <sstream>

#include "gen/fetch_groups.h"
#include "gen/module_name.h"
#include "gen/snippets.h"
#include "gen/verilog.h"

namespace wf::gen {

std::string emit(const blocks::TwoLevelArbiterParams& p) {
  const unsigned n = p.num_warps;
  const unsigned wb = p.warp_bits();
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(
      blocks::TwoLevelArbiter::kName, module,
      "Two-level round-robin arbiter (Narasiman et al., MICRO 2011): fetch groups of\n"
      "group_size consecutive warps; stay in the group of the warp granted last, round robin\n"
      "inside it; when none of its warps requests, the first requesting warp after the last\n"
      "grant round the ring (the next group that has one, round robin over groups). Used as\n"
      "a scheduler's issue arbiter (request = ready) and as the SM's fetch arbiter (request =\n"
      "eligible to fetch).",
      blocks::param_list(p), blocks::TwoLevelArbiterParams::describe());
  s << "\n";
  s << module_open(module,
                   {{Port::kIn, n, "request_i",
                     "Bit w: warp w can go (issue: ready instruction; fetch: eligible to fetch)."},
                    {Port::kOut, 1, "grant_valid_o", "Some warp is granted."},
                    {Port::kOut, wb, "grant_warp_o", "The granted warp (0 when none)."},
                    {Port::kOut, n, "grant_o", "One-hot grant_warp_o, zero when no grant."}});
  s << "\n";
  s << "  /// The warp granted last; its fetch group is the current group.\n";
  s << fmt::format("  reg {} last_warp_q;\n", range(wb));
  s << "  /// A warp was granted since reset (else there is no current group).\n";
  s << "  reg last_valid_q;\n\n";
  s << group_mask_block("current_group", "last_warp_q", n, p.group_size);
  s << "  // The current group's requests if it has any, else every request.\n";
  s << fmt::format("  wire {} current_request = last_valid_q ? (request_i & current_group) : {};\n",
                   range(n), lit(n, 0));
  s << fmt::format("  wire {} candidates = (|current_request) ? current_request : request_i;\n\n",
                   range(n));
  s << ring_add_function("ring_add", n);
  s << round_robin_block("next", "candidates", "last_warp_q", n);
  s << "  assign grant_valid_o = next_valid;\n";
  s << "  assign grant_warp_o  = next_warp;\n";
  s << onehot_assign("grant_o", "grant_valid_o", "grant_warp_o", n);
  s << "\n  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << fmt::format("      last_warp_q  <= {};  // the round robin starts at warp 0\n",
                   lit(wb, n - 1));
  s << "      last_valid_q <= 1'b0;\n";
  s << "    end else if (grant_valid_o) begin\n";
  s << "      last_warp_q  <= grant_warp_o;\n";
  s << "      last_valid_q <= 1'b1;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
