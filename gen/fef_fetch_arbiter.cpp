// Verilog for the fewest-entries-first fetch arbiter (sim_model/blocks/fef_fetch_arbiter.h).
#include "gen/fef_fetch_arbiter.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/snippets.h"
#include "gen/verilog.h"

namespace wf::gen {

std::string emit(const blocks::FefFetchArbiterParams& p) {
  const unsigned n = p.num_warps;
  const unsigned wb = p.warp_bits();
  const unsigned eb = p.entry_bits();
  const unsigned values = 1u << eb;  // every count the port can carry
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(blocks::FefFetchArbiter::kName, module,
                   "Fewest-entries-first (FEF) fetch arbiter: among warps eligible to fetch (a\n"
                   "free I-buffer entry, no I-cache miss pending), the one with the fewest valid\n"
                   "I-buffer entries; ties round robin after the warp fetched last.",
                   blocks::param_list(p), blocks::FefFetchArbiterParams::describe());
  s << "\n";
  s << module_open(module,
                   {{Port::kIn, n, "eligible_i",
                     "Bit w: warp w may fetch (a free I-buffer entry, no I-cache miss pending)."},
                    {Port::kIn, n * eb, "entries_i",
                     "Valid I-buffer entries of warp w in [w*ENTRY_BITS +: ENTRY_BITS]."},
                    {Port::kOut, 1, "grant_valid_o", "Some warp is granted the fetch."},
                    {Port::kOut, wb, "grant_warp_o", "The granted warp (0 when none)."},
                    {Port::kOut, n, "grant_o", "One-hot grant_warp_o, zero when no grant."}});
  s << "\n";
  s << fmt::format("  localparam NUM_WARPS = {};\n", n);
  s << fmt::format("  localparam ENTRY_BITS = {};\n\n", eb);
  s << "  /// The warp fetched last: ties go round robin after it.\n";
  s << fmt::format("  reg {} last_fetch_q;\n\n", range(wb));
  s << "  // One bucket per entry count: the eligible warps holding exactly that many entries.\n";
  s << "  // The fewest entries win: the first non-empty bucket, counting up.\n";
  s << fmt::format("  reg {} entries_bucket;  // bucket v in [v*NUM_WARPS +: NUM_WARPS]\n",
                   range(values * n));
  s << "  integer w_bucket, v_bucket;\n";
  s << "  always @* begin\n";
  s << fmt::format("    for (v_bucket = 0; v_bucket < {}; v_bucket = v_bucket + 1) begin\n",
                   values);
  s << "      for (w_bucket = 0; w_bucket < NUM_WARPS; w_bucket = w_bucket + 1) begin\n";
  s << "        entries_bucket[v_bucket*NUM_WARPS + w_bucket] = eligible_i[w_bucket] &&\n";
  s << fmt::format("            entries_i[w_bucket*ENTRY_BITS +: ENTRY_BITS] == v_bucket[{}:0];\n",
                   eb - 1);
  s << "      end\n";
  s << "    end\n";
  s << "  end\n\n";
  s << fmt::format("  reg {} fewest_eligible;\n", range(n));
  s << "  integer v_fewest;\n";
  s << "  always @* begin\n";
  s << fmt::format("    fewest_eligible = {};\n", lit(n, 0));
  s << fmt::format("    for (v_fewest = {}; v_fewest >= 0; v_fewest = v_fewest - 1) begin\n",
                   values - 1);
  s << "      if (|entries_bucket[v_fewest*NUM_WARPS +: NUM_WARPS]) begin\n";
  s << "        fewest_eligible = entries_bucket[v_fewest*NUM_WARPS +: NUM_WARPS];\n";
  s << "      end\n";
  s << "    end\n";
  s << "  end\n\n";
  s << ring_add_function("ring_add", n);
  s << round_robin_block("next", "fewest_eligible", "last_fetch_q", n);
  s << "  assign grant_valid_o = next_valid;\n";
  s << "  assign grant_warp_o  = next_warp;\n";
  s << onehot_assign("grant_o", "grant_valid_o", "grant_warp_o", n);
  s << "\n  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << fmt::format("      last_fetch_q <= {};  // warp 0 wins the first tie\n", lit(wb, n - 1));
  s << "    end else if (grant_valid_o) begin\n";
  s << "      last_fetch_q <= grant_warp_o;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
