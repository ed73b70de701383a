// Verilog for the BAWS warp priority table (sim_model/blocks/warp_priority_table.h).
#include "gen/warp_priority_table.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/verilog.h"

namespace wf::gen {

std::string emit(const blocks::WarpPriorityTableParams& p) {
  const unsigned s_n = p.num_cta_slots;
  const unsigned cb = p.cta_bits();
  const unsigned pb = p.count_bits();
  const unsigned ports = p.num_arrive_ports;
  const unsigned sum_bits = pb + 3;  // count + up to 4 arrivals never overflows
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(blocks::WarpPriorityTable::kName, module,
                   "Warp priority table (WPT) of barrier-aware warp scheduling (Liu et al.,\n"
                   "ICS 2016): per CTA slot, the number of its warps waiting at the barrier.\n"
                   "An arrival increments the count (saturating at MAX_WARPS_PER_CTA); a release\n"
                   "clears it and wins over arrivals in the same cycle.",
                   blocks::param_list(p), blocks::WarpPriorityTableParams::describe());
  s << "\n";
  s << module_open(
      module,
      {{Port::kIn, ports, "arrive_valid_i", "Bit k: arrival port k carries a barrier arrival."},
       {Port::kIn, ports * cb, "arrive_cta_i",
        "CTA slot of port k's arriving warp in [k*CTA_BITS +: CTA_BITS]."},
       {Port::kIn, s_n, "release_i", "Bit c: CTA slot c's barrier releases (or the CTA ends)."},
       {Port::kOut, s_n * pb, "count_o",
        "Waiting warps of CTA slot c in [c*COUNT_BITS +: COUNT_BITS]."}});
  s << "\n";
  s << fmt::format("  localparam NUM_CTA_SLOTS = {};\n", s_n);
  s << fmt::format("  localparam MAX_WARPS_PER_CTA = {};\n", p.max_warps_per_cta);
  s << fmt::format("  localparam CTA_BITS = {};\n", cb);
  s << fmt::format("  localparam COUNT_BITS = {};\n", pb);
  s << fmt::format("  localparam NUM_ARRIVE_PORTS = {};\n\n", ports);
  s << fmt::format("  /// The table: {} counters of {} bits = {} flip-flops.\n", s_n, pb, s_n * pb);
  s << fmt::format("  reg {} wpt_count_q;\n", range(s_n * pb));
  s << fmt::format("  reg {} wpt_count_d;\n", range(s_n * pb));
  s << fmt::format("  reg {} arrivals;  // count plus this cycle's arrivals\n", range(sum_bits));
  s << "  integer slot, port;\n\n";
  s << "  always @* begin\n";
  s << fmt::format("    wpt_count_d = {};\n", lit(s_n * pb, 0));
  s << fmt::format("    arrivals    = {};\n", lit(sum_bits, 0));
  s << "    for (slot = 0; slot < NUM_CTA_SLOTS; slot = slot + 1) begin\n";
  s << fmt::format("      arrivals = {{{}'d0, wpt_count_q[slot*COUNT_BITS +: COUNT_BITS]}};\n",
                   sum_bits - pb);
  s << "      for (port = 0; port < NUM_ARRIVE_PORTS; port = port + 1) begin\n";
  // One port is a 1-bit arrive_valid_i, which Verilator refuses to index.
  s << fmt::format(
      "        if (arrive_valid_i{} && arrive_cta_i[port*CTA_BITS +: CTA_BITS] == "
      "slot[{}:0]) begin\n",
      ports == 1 ? "" : "[port]", cb - 1);
  s << fmt::format("          arrivals = arrivals + {};\n", lit(sum_bits, 1));
  s << "        end\n";
  s << "      end\n";
  s << fmt::format("      if (arrivals > {}) arrivals = {};\n", lit(sum_bits, p.max_warps_per_cta),
                   lit(sum_bits, p.max_warps_per_cta));
  s << "      if (release_i[slot]) begin\n";
  s << fmt::format("        wpt_count_d[slot*COUNT_BITS +: COUNT_BITS] = {};\n", lit(pb, 0));
  s << "      end else begin\n";
  s << fmt::format("        wpt_count_d[slot*COUNT_BITS +: COUNT_BITS] = arrivals[{}:0];\n",
                   pb - 1);
  s << "      end\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << fmt::format("      wpt_count_q <= {};\n", lit(s_n * pb, 0));
  s << "    end else begin\n";
  s << "      wpt_count_q <= wpt_count_d;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "  assign count_o = wpt_count_q;\n\n";
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
