// Formal properties of BLOCKLAT's SM-throttling controller
// (sim_model/blocks/sm_throttle_controller.h).
#include "gen/properties/sm_throttle_controller.h"

#include <fmt/core.h>

#include "gen/module_name.h"
#include "gen/properties/property_module.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::SmThrottleControllerParams& p) {
  using B = blocks::SmThrottleController;
  const unsigned cb = p.count_bits;
  const unsigned ccb = p.contention_bits();
  const unsigned lb = p.enabled_bits();
  const unsigned wb = lb + 1;  // n + 1 without overflow
  const unsigned long long widest = 2 * ((1ull << cb) - 1);
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  m.expose("last_q", ccb);

  // The previous cycle's round, contention, n and last contention, and the rules' conditions
  // on them, computed here from the ports rather than read from the block's own wires.
  m.logic(fmt::format(
      "  wire {rc} contention_now = {{1'b0, dram_full_i}} + {{1'b0, icnt_stall_i}};\n"
      "  reg past_round_q;\n"
      "  reg {rc} past_contention_q, past_last_q;\n"
      "  reg {rl} past_enabled_q;\n"
      "  always @(posedge clk_i) begin\n"
      "    past_round_q      <= valid_i;\n"
      "    past_contention_q <= contention_now;\n"
      "    past_last_q       <= last_q;\n"
      "    past_enabled_q    <= enabled_o;\n"
      "  end\n"
      "  wire {rw} enabled_w = {{1'b0, enabled_o}};\n"
      "  wire {rw} past_w    = {{1'b0, past_enabled_q}};\n"
      "  wire {rw} up        = past_w + {w1};\n"
      "  wire {rw} down      = past_w - {w1};\n"
      "  wire higher = past_contention_q > past_last_q;\n"
      "  wire lower  = past_contention_q < past_last_q;\n"
      "  wire above_two = past_w > {w2};\n"
      "  wire below_all = past_w < {n};\n"
      "  wire decided = past_valid_q && past_round_q;\n\n",
      fmt::arg("rc", range(ccb)), fmt::arg("rl", range(lb)), fmt::arg("rw", range(wb)),
      fmt::arg("w1", lit(wb, 1)), fmt::arg("w2", lit(wb, 2)), fmt::arg("n", lit(wb, p.num_sms))));

  m.require("enabled_in_range",
            fmt::format("enabled_w >= {} && enabled_w <= {}", lit(wb, 1), lit(wb, p.num_sms)),
            "1 <= n <= num_sms");
  m.require("enabled_at_least_two", fmt::format("enabled_w >= {}", lit(wb, p.lowest())),
            "n >= min(2, num_sms): n never drops below 2, and not at all when num_sms <= 2");
  m.require("enabled_steps_by_one",
            "!past_valid_q || enabled_w == past_w || enabled_w == up || enabled_w == down",
            "n moves by at most one per cycle");
  m.require("enabled_moves_only_at_round",
            "!past_valid_q || past_round_q || enabled_o == past_enabled_q",
            "n changes only at the edge that ends a dispatch round (valid_i), so by at most one "
            "per round");
  m.require("lower_when_contention_rises", "!decided || !higher || !above_two || enabled_w == down",
            "a round whose contention is higher than the last round's lowers n when n > 2");
  m.require("raise_when_contention_falls",
            "!decided || (higher && above_two) || !lower || !below_all || enabled_w == up",
            "else a round whose contention is lower than the last round's raises n when "
            "n < num_sms");
  m.require("keep_otherwise",
            "!decided || (higher && above_two) || (lower && below_all) || enabled_w == past_w",
            "else n stays (equal contention, or a move that would leave 2..num_sms)");
  m.require("last_tracks_contention", "!decided || last_q == past_contention_q",
            "a round's end stores its contention, dram_full_i + icnt_stall_i, as the last one");
  m.require("last_holds_between_rounds", "!past_valid_q || past_round_q || last_q == past_last_q",
            "without valid_i the last contention stays");
  m.require("last_within_counts", fmt::format("last_q <= {}", lit(ccb, widest)),
            "the last contention is at most twice the largest count");
  m.require("reset_state",
            fmt::format("!past_reset_q || (enabled_o == {} && last_q == {})", lit(lb, p.num_sms),
                        lit(ccb, 0)),
            "after a reset n = num_sms and the last contention is 0");
  return m.finish();
}

}  // namespace wf::gen
