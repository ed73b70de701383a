// Formal properties of the LWM sub-warp packer (sim_model/blocks/subwarp_packer.h). Ghost state
// records the mask and mode of the last accepted load and the threads sent since, so the
// properties speak of threads of the loaded large warp, not of the block's registers; the
// invariants tie the block's copy of the mask to that ghost state.
#include "gen/properties/subwarp_packer.h"

#include <fmt/core.h>

#include "gen/module_name.h"
#include "gen/properties/property_module.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::SubwarpPackerParams& p) {
  using B = blocks::SubwarpPacker;
  const unsigned k = p.num_rows;
  const unsigned n = p.num_lanes;
  const unsigned rb = p.row_bits();
  const unsigned kn = k * n;
  const unsigned cb = blocks::count_width(k) + 1;  // a column population, a sub-warp count
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  m.expose("mask_q", kn);
  m.expose("mode_q", 2);
  // A pack instruction takes up to K sub-warps, each a few cycles deep.
  m.set_depth(k + 4);

  m.logic(fmt::format(
      "  // The lane mask as a vector, so that [l] selects even with one lane.\n"
      "  wire {rn} subwarp_mask_v = subwarp_mask_o;\n"
      "  // The row indices (all 0 with one row, where the block has no row port).\n"
      "  wire {rnrb} subwarp_row_v = {row_src};\n\n"
      "  // Ghost state: the mask and mode of the last accepted load, the threads sent since,\n"
      "  // whether its last sub-warp was taken, the sub-warps taken and the fullest column.\n"
      "  reg {rkn} loaded_q, sent_q;\n"
      "  reg [1:0] gmode_q;\n"
      "  reg finished_q;\n"
      "  reg {rc} count_q, maxpop_q;\n"
      "  wire load_now = load_valid_i && load_ready_o;\n"
      "  wire take_now = subwarp_valid_o && subwarp_ready_i;\n"
      "  wire g_rows   = gmode_q == 2'd1;\n"
      "  wire g_single = gmode_q == 2'd2;\n"
      "  wire g_pack   = !g_rows && !g_single;\n"
      "  // The threads of the large warp not yet sent (nothing after its last sub-warp).\n"
      "  wire {rkn} left = finished_q ? {kn_zero} : (loaded_q & ~sent_q);\n\n"
      "  // The offered sub-warp's threads in the mask's layout; a row index beyond the rows\n"
      "  // clears rows_ok, a row index on a lane without a thread clears idle_rows_ok.\n"
      "  reg {rkn} taken_w;\n"
      "  reg rows_ok, idle_rows_ok, share_ok;\n"
      "  reg {rrb} first_row;\n"
      "  reg first_seen;\n"
      "  integer l_t, r_t;\n"
      "  always @* begin\n"
      "    taken_w      = {kn_zero};\n"
      "    rows_ok      = 1'b1;\n"
      "    idle_rows_ok = 1'b1;\n"
      "    share_ok     = 1'b1;\n"
      "    first_row    = {rb_zero};\n"
      "    first_seen   = 1'b0;\n"
      "    for (l_t = 0; l_t < {n}; l_t = l_t + 1) begin\n"
      "      if (subwarp_mask_v[l_t]) begin\n"
      "        if (subwarp_row_v[l_t*{rb} +: {rb}] >= {k}) rows_ok = 1'b0;\n"
      "        // A compare per (row, lane), not a write at a computed index: the prover's\n"
      "        // SAT problem stays linear in the mask.\n"
      "        for (r_t = 0; r_t < {k}; r_t = r_t + 1) begin\n"
      "          if (subwarp_row_v[l_t*{rb} +: {rb}] == r_t[{rb_m1}:0]) taken_w[r_t*{n} + l_t] = "
      "1'b1;\n"
      "        end\n"
      "        if (first_seen && subwarp_row_v[l_t*{rb} +: {rb}] != first_row) share_ok = 1'b0;\n"
      "        if (!first_seen) first_row = subwarp_row_v[l_t*{rb} +: {rb}];\n"
      "        first_seen = 1'b1;\n"
      "      end else if (subwarp_row_v[l_t*{rb} +: {rb}] != {rb_zero}) begin\n"
      "        idle_rows_ok = 1'b0;\n"
      "      end\n"
      "    end\n"
      "  end\n\n"
      "  // What pack would send from `left` (per lane the lowest row holding a thread) and what\n"
      "  // rows would (the lowest non-empty row whole).\n"
      "  reg {rn} exp_pack_mask;\n"
      "  reg {rnrb} exp_pack_row;\n"
      "  reg {rkn} exp_rows_taken;\n"
      "  reg rows_free;\n"
      "  integer r_e, l_e;\n"
      "  always @* begin\n"
      "    exp_pack_mask  = {n_zero};\n"
      "    exp_pack_row   = {nrb_zero};\n"
      "    exp_rows_taken = {kn_zero};\n"
      "    rows_free      = 1'b1;\n"
      "    for (r_e = 0; r_e < {k}; r_e = r_e + 1) begin\n"
      "      for (l_e = 0; l_e < {n}; l_e = l_e + 1) begin\n"
      "        if (left[r_e*{n} + l_e] && !exp_pack_mask[l_e]) begin\n"
      "          exp_pack_mask[l_e] = 1'b1;\n"
      "          exp_pack_row[l_e*{rb} +: {rb}] = r_e[{rb_m1}:0];\n"
      "        end\n"
      "        if (left[r_e*{n} + l_e] && rows_free) exp_rows_taken[r_e*{n} + l_e] = 1'b1;\n"
      "      end\n"
      "      if (|left[r_e*{n} +: {n}]) rows_free = 1'b0;\n"
      "    end\n"
      "  end\n\n"
      "  // The population of the fullest column of `left` and of the offered mask.\n"
      "  reg {rc} left_max, load_max, pop_l, pop_i;\n"
      "  integer r_c, l_c;\n"
      "  always @* begin\n"
      "    left_max = {c_zero};\n"
      "    load_max = {c_zero};\n"
      "    for (l_c = 0; l_c < {n}; l_c = l_c + 1) begin\n"
      "      pop_l = {c_zero};\n"
      "      pop_i = {c_zero};\n"
      "      for (r_c = 0; r_c < {k}; r_c = r_c + 1) begin\n"
      "        pop_l = pop_l + {{{c_pad}'d0, left[r_c*{n} + l_c]}};\n"
      "        pop_i = pop_i + {{{c_pad}'d0, active_mask_i[r_c*{n} + l_c]}};\n"
      "      end\n"
      "      if (pop_l > left_max) left_max = pop_l;\n"
      "      if (pop_i > load_max) load_max = pop_i;\n"
      "    end\n"
      "  end\n\n"
      "  always @(posedge clk_i) begin\n"
      "    if (!rst_ni) begin\n"
      "      loaded_q   <= {kn_zero};\n"
      "      sent_q     <= {kn_zero};\n"
      "      gmode_q    <= 2'd0;\n"
      "      finished_q <= 1'b0;\n"
      "      count_q    <= {c_zero};\n"
      "      maxpop_q   <= {c_zero};\n"
      "    end else if (load_now) begin\n"
      "      loaded_q   <= active_mask_i;\n"
      "      sent_q     <= {kn_zero};\n"
      "      gmode_q    <= mode_i;\n"
      "      finished_q <= 1'b0;\n"
      "      count_q    <= {c_zero};\n"
      "      maxpop_q   <= load_max;\n"
      "    end else if (take_now) begin\n"
      "      sent_q     <= sent_q | taken_w;\n"
      "      finished_q <= done_o;\n"
      "      count_q    <= count_q + {c_one};\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rkn", vector_range(kn)), fmt::arg("rc", vector_range(cb)),
      fmt::arg("rrb", vector_range(rb)), fmt::arg("rn", vector_range(n)),
      fmt::arg("rnrb", vector_range(n * rb)), fmt::arg("kn_zero", lit(kn, 0)),
      fmt::arg("rb_zero", lit(rb, 0)), fmt::arg("n_zero", lit(n, 0)),
      fmt::arg("nrb_zero", lit(n * rb, 0)), fmt::arg("c_zero", lit(cb, 0)),
      fmt::arg("c_one", lit(cb, 1)), fmt::arg("c_pad", cb - 1), fmt::arg("n", n), fmt::arg("k", k),
      fmt::arg("rb", rb), fmt::arg("rb_m1", rb - 1),
      fmt::arg("row_src", p.has_row_port() ? std::string("subwarp_row_o") : lit(n * rb, 0))));

  m.require("subwarp_threads_unsent", fmt::format("rows_ok && (taken_w & ~left) == {}", lit(kn, 0)),
            "every (lane, row) a sub-warp carries is a row index below num_rows and a thread "
            "active in the loaded mask that no earlier sub-warp of the instruction carried: no "
            "thread is sent twice");
  m.require("every_thread_sent_once_done",
            "!(take_now && done_o && !g_single) || (sent_q | taken_w) == loaded_q",
            "in pack and rows mode, when the last sub-warp is taken every active thread of "
            "the loaded mask has been sent");
  m.require("done_when_mask_empties",
            fmt::format("done_o == (subwarp_valid_o && (g_single || (left & ~taken_w) == {}))",
                        lit(kn, 0)),
            "done exactly when no thread is left once the offered sub-warp is taken (a jump's "
            "single sub-warp is always done)");
  m.require("offered_while_threads_left",
            fmt::format("subwarp_valid_o == (left != {})", lit(kn, 0)),
            "a sub-warp is offered exactly while the instruction has threads left");
  m.require("load_only_when_drained",
            "load_ready_o == (!subwarp_valid_o || (done_o && subwarp_ready_i))",
            "a load is accepted only when no thread is left or the last sub-warp is taken: "
            "no thread is dropped (the stall to fetch)");
  m.require("pack_lowest_active_rows",
            "g_rows || (subwarp_mask_v == exp_pack_mask && subwarp_row_v == exp_pack_row)",
            "in pack and single mode every lane with a thread left carries the thread of its "
            "lowest row left");
  m.require("rows_share_one_row", "!g_rows || share_ok",
            "in rows mode the lanes of a sub-warp carry threads of one row");
  m.require("rows_lowest_row_whole", "!g_rows || taken_w == exp_rows_taken",
            "in rows mode a sub-warp is the whole lowest row with threads left");
  m.require("pack_subwarps_max_column",
            "!(take_now && done_o && g_pack) || count_q + " + lit(cb, 1) + " == maxpop_q",
            "a pack instruction takes as many sub-warps as its fullest column has active "
            "threads");
  m.require("idle_lanes_zero",
            fmt::format("idle_rows_ok && (subwarp_valid_o || subwarp_mask_v == {})", lit(n, 0)),
            "a lane without a thread has row index 0, and nothing offered has no lanes");
  m.invariant("mode_matches", "mode_q == gmode_q", "the block's mode is the loaded one");
  m.invariant("mask_matches", "mask_q == left",
              "the block's copy of the mask holds exactly the threads left");
  m.invariant("sent_within_loaded", fmt::format("(sent_q & ~loaded_q) == {}", lit(kn, 0)),
              "only loaded threads have been sent");
  m.invariant("pack_count_matches", "!g_pack || finished_q || count_q + left_max == maxpop_q",
              "in pack mode each sub-warp lowers the fullest column by one");
  return m.finish();
}

}  // namespace wf::gen
