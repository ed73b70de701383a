// Formal properties of the BLOCKLAT stall counter bank (sim_model/blocks/stall_counter_bank.h).
#include "gen/properties/stall_counter_bank.h"

#include <fmt/core.h>

#include "gen/module_name.h"
#include "gen/properties/property_module.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::StallCounterBankParams& p) {
  using B = blocks::StallCounterBank;
  const unsigned n = p.num_warps;
  const unsigned b = p.count_bits;
  const unsigned gb = b + 1;  // a count plus one never overflows this
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  // Saturating a counter from reset takes 2^count_bits cycles; the properties relate one cycle
  // to the next, so a shallow base case suffices and induction closes in one step.
  m.logic(fmt::format(
      "  // The previous cycle's counts, stalls and clears.\n"
      "  reg {rc} past_count_q;\n"
      "  reg {rn} past_stall_q;\n"
      "  reg {rn} past_clear_q;\n"
      "  always @(posedge clk_i) begin\n"
      "    past_count_q <= count_o;\n"
      "    past_stall_q <= stall_i;\n"
      "    past_clear_q <= clear_i;\n"
      "  end\n\n"
      "  // Each property over every warp's counter.\n"
      "  reg no_wrap_ok, step_ok, counts_ok, clear_ok, reset_ok;\n"
      "  reg {rg} now_count, past_count, expected;\n"
      "  integer w_chk;\n"
      "  always @* begin\n"
      "    no_wrap_ok = 1'b1;\n"
      "    step_ok    = 1'b1;\n"
      "    counts_ok  = 1'b1;\n"
      "    clear_ok   = 1'b1;\n"
      "    reset_ok   = 1'b1;\n"
      "    now_count  = {g_zero};\n"
      "    past_count = {g_zero};\n"
      "    expected   = {g_zero};\n"
      "    for (w_chk = 0; w_chk < {n}; w_chk = w_chk + 1) begin\n"
      "      now_count  = {{1'b0, count_o[w_chk*{b} +: {b}]}};\n"
      "      past_count = {{1'b0, past_count_q[w_chk*{b} +: {b}]}};\n"
      "      expected   = past_count;\n"
      "      if (past_stall_q[w_chk] && past_count != {max}) expected = past_count + {g_one};\n"
      "      if (past_valid_q && !past_clear_q[w_chk]) begin\n"
      "        if (now_count < past_count) no_wrap_ok = 1'b0;\n"
      "        if (now_count != past_count && now_count != past_count + {g_one}) step_ok = 1'b0;\n"
      "        if (now_count != expected) counts_ok = 1'b0;\n"
      "      end\n"
      "      if (past_valid_q && past_clear_q[w_chk] && now_count != {g_zero}) clear_ok = 1'b0;\n"
      "      if (past_reset_q && now_count != {g_zero}) reset_ok = 1'b0;\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rc", range(n * b)), fmt::arg("rn", range(n)), fmt::arg("rg", range(gb)),
      fmt::arg("g_zero", lit(gb, 0)), fmt::arg("g_one", lit(gb, 1)), fmt::arg("n", n),
      fmt::arg("b", b), fmt::arg("max", lit(gb, p.max_count()))));
  m.require("count_saturates", "no_wrap_ok",
            "a counter never decreases except by a clear or reset: at its maximum it stays, it "
            "does not wrap");
  m.require("count_moves_by_at_most_one", "step_ok",
            "without a clear a counter keeps its value or grows by one per cycle");
  m.require("count_counts_stalls", "counts_ok",
            "without a clear a counter grows by one exactly in the cycles after its warp stalled, "
            "up to 2^count_bits - 1");
  m.require("clear_clears", "clear_ok",
            "a clear restarts the warp's counter at 0, whether or not the warp stalled in the "
            "same cycle");
  m.require("reset_clears", "reset_ok", "after a reset every counter is 0");
  return m.finish();
}

}  // namespace wf::gen
