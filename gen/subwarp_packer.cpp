// Verilog for the LWM sub-warp packer (sim_model/blocks/subwarp_packer.h).
#include "gen/subwarp_packer.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/verilog.h"

namespace wf::gen {

std::string emit(const blocks::SubwarpPackerParams& p) {
  const unsigned k = p.num_rows;
  const unsigned n = p.num_lanes;
  const unsigned rb = p.row_bits();
  const unsigned kn = k * n;
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(
      blocks::SubwarpPacker::kName, module,
      "Sub-warp packer of the large warp microarchitecture (Narasiman et al., MICRO\n"
      "2011): a large warp of NUM_ROWS x NUM_LANES threads is broken down into sub-warps of\n"
      "at most one thread per lane, one per cycle, from a copy of its active mask. Mode\n"
      "pack: every lane's lowest active row; rows: the lowest non-empty row (memory\n"
      "instructions); single: pack's first sub-warp, then done (unconditional jumps).",
      blocks::param_list(p), blocks::SubwarpPackerParams::describe());
  s << "\n";
  std::vector<Port> ports = {
      {Port::kIn, 1, "load_valid_i", "A new instruction's active mask is offered."},
      {Port::kIn, 2, "mode_i", "Its sub-warp mode: 0 pack, 1 rows, 2 single (3 packs)."},
      {Port::kIn, kn, "active_mask_i",
       "Bit r*NUM_LANES + l: the thread of row r, lane l is active."},
      {Port::kIn, 1, "subwarp_ready_i", "The pipeline takes the offered sub-warp."},
      {Port::kOut, 1, "load_ready_o", "A load is accepted this cycle (its inverse stalls fetch)."},
      {Port::kOut, 1, "subwarp_valid_o", "A sub-warp is offered."},
      {Port::kOut, n, "subwarp_mask_o", "Bit l: lane l carries a thread."},
  };
  // With one row a row index has no bits, so there is no row port.
  const bool rows = p.has_row_port();
  if (rows) {
    ports.push_back({Port::kOut, n * rb, "subwarp_row_o",
                     "Row of lane l's thread in [l*ROW_BITS +: ROW_BITS] (0 when not carried)."});
  }
  ports.push_back({Port::kOut, 1, "done_o", "The offered sub-warp is the instruction's last."});
  s << module_open(module, ports);
  s << "\n";
  s << fmt::format("  localparam NUM_ROWS = {};\n", k);
  s << fmt::format("  localparam NUM_LANES = {};\n", n);
  s << fmt::format("  localparam ROW_BITS = {};\n\n", rb);
  s << fmt::format(
      "  /// The copy of the large warp's active mask: the threads not yet sent, {} flip-flops.\n",
      kn);
  s << fmt::format("  reg {} mask_q;\n", vector_range(kn));
  s << "  /// The instruction's sub-warp mode, as loaded.\n";
  s << "  reg [1:0] mode_q;\n\n";
  s << "  wire rows_mode   = mode_q == 2'd1;\n";
  s << "  wire single_mode = mode_q == 2'd2;\n\n";
  s << "  // The sub-warp: per lane the lowest row with a thread left, or in rows mode the lowest\n"
       "  // non-empty row alone. taken marks its threads in the mask's layout.\n";
  s << fmt::format("  reg {} pick_mask;\n", vector_range(n));
  if (rows) s << fmt::format("  reg {} pick_row;\n", vector_range(n * rb));
  s << fmt::format("  reg {} taken;\n", vector_range(kn));
  s << "  reg row_free;  // rows mode: no non-empty row below this one\n";
  s << "  integer r_pick, l_pick;\n";
  s << "  always @* begin\n";
  s << fmt::format("    pick_mask = {};\n", lit(n, 0));
  if (rows) s << fmt::format("    pick_row  = {};\n", lit(n * rb, 0));
  s << fmt::format("    taken     = {};\n", lit(kn, 0));
  s << "    row_free  = 1'b1;\n";
  s << "    for (r_pick = 0; r_pick < NUM_ROWS; r_pick = r_pick + 1) begin\n";
  s << "      for (l_pick = 0; l_pick < NUM_LANES; l_pick = l_pick + 1) begin\n";
  s << "        if (mask_q[r_pick*NUM_LANES + l_pick] && !pick_mask[l_pick] &&\n"
       "            (row_free || !rows_mode)) begin\n";
  s << "          pick_mask[l_pick] = 1'b1;\n";
  if (rows) {
    s << fmt::format("          pick_row[l_pick*ROW_BITS +: ROW_BITS] = r_pick[{}:0];\n", rb - 1);
  }
  s << "          taken[r_pick*NUM_LANES + l_pick] = 1'b1;\n";
  s << "        end\n";
  s << "      end\n";
  s << "      if (|mask_q[r_pick*NUM_LANES +: NUM_LANES]) row_free = 1'b0;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "  // What is left once the sub-warp is taken: a jump's single sub-warp retires them all.\n";
  s << fmt::format("  wire {} remaining = single_mode ? {} : (mask_q & ~taken);\n",
                   vector_range(kn), lit(kn, 0));
  s << "  wire offered = |pick_mask;\n";
  s << "  wire last    = offered && ~|remaining;\n";
  s << "  wire accept  = !offered || (last && subwarp_ready_i);\n\n";
  s << "  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << fmt::format("      mask_q <= {};\n", lit(kn, 0));
  s << "      mode_q <= 2'd0;\n";
  s << "    end else if (load_valid_i && accept) begin\n";
  s << "      mask_q <= active_mask_i;\n";
  s << "      mode_q <= mode_i;\n";
  s << "    end else if (offered && subwarp_ready_i) begin\n";
  s << "      mask_q <= remaining;\n";
  s << "    end\n";
  s << "  end\n\n";
  s << "  assign load_ready_o    = accept;\n";
  s << "  assign subwarp_valid_o = offered;\n";
  s << "  assign subwarp_mask_o  = pick_mask;\n";
  if (rows) s << "  assign subwarp_row_o   = pick_row;\n";
  s << "  assign done_o          = last;\n\n";
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
