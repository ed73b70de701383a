// Formal properties of DYNCTA's CTA-limit controller (sim_model/blocks/dyncta_controller.h).
#include "gen/properties/dyncta_controller.h"

#include <fmt/core.h>

#include "gen/module_name.h"
#include "gen/properties/property_module.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::DynctaControllerParams& p) {
  using B = blocks::DynctaController;
  const unsigned cb = p.counter_bits;
  const unsigned sb = cb + 1;
  const unsigned pb = p.phase_bits();
  const unsigned lb = p.limit_bits();
  const unsigned wb = lb + 1;  // n + 1 without overflow
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  m.expose("phase_q", pb);
  m.expose("idle_count_q", cb);
  m.expose("mem_count_q", cb);
  m.expose("max_limit_q", lb);
  const std::string n_lit = lit(lb, p.num_cta_slots);

  m.logic(fmt::format(
      "  // The previous cycle's counts with its inputs, its limit and whether it ended a period.\n"
      "  wire {rs} idle_now = {{1'b0, idle_count_q}} + {{{cb}'d0, idle_i}};\n"
      "  wire {rs} mem_now  = {{1'b0, mem_count_q}} + {{{cb}'d0, mem_i}};\n"
      "  reg {rs} past_idle_q, past_mem_q;\n"
      "  reg {rl} past_limit_q, past_max_q;\n"
      "  reg {rp} past_phase_q;\n"
      "  reg past_end_q, past_start_q;\n"
      "  // A launch's N clamped to 1..NUM_CTA_SLOTS, and its n, max(1, N / 2), written apart "
      "from\n"
      "  // the design's.\n"
      "  wire {rw} num_w = {{1'b0, num_ctas_i}};\n"
      "  wire {rw} launch_n = num_w == {w0} ? {w1} : num_w > {nw} ? {nw} : num_w;\n"
      "  wire {rw} launch_first = launch_n < {w2} ? {w1} : launch_n / {w2};\n"
      "  reg {rw} past_launch_n_q, past_launch_first_q;\n"
      "  always @(posedge clk_i) begin\n"
      "    past_idle_q  <= idle_now;\n"
      "    past_mem_q   <= mem_now;\n"
      "    past_limit_q <= limit_o;\n"
      "    past_max_q   <= max_limit_q;\n"
      "    past_phase_q <= phase_q;\n"
      "    past_end_q   <= phase_q == {last};\n"
      "    past_start_q <= start_i;\n"
      "    past_launch_n_q     <= launch_n;\n"
      "    past_launch_first_q <= launch_first;\n"
      "  end\n"
      "  wire {rw} up   = past_limit_q == past_max_q ? {{1'b0, past_limit_q}} :\n"
      "                   {{1'b0, past_limit_q}} + {w1};\n"
      "  wire {rw} down = past_limit_q == {l1} ? {{1'b0, past_limit_q}} :\n"
      "                   {{1'b0, past_limit_q}} - {w1};\n"
      "  wire {rw} limit_w = {{1'b0, limit_o}};\n"
      "  wire past_idle_high = past_idle_q >= {t_idle};\n"
      "  wire past_mem_low   = past_mem_q < {t_low};\n"
      "  wire past_mem_high  = past_mem_q >= {t_high};\n"
      "  wire decided = past_valid_q && past_end_q && !past_start_q;\n"
      "  wire counted = past_valid_q && !past_end_q && !past_start_q;  // a cycle inside a "
      "period\n\n",
      fmt::arg("rs", range(sb)), fmt::arg("rl", range(lb)), fmt::arg("rp", range(pb)),
      fmt::arg("rw", range(wb)), fmt::arg("cb", cb), fmt::arg("last", lit(pb, p.period - 1)),
      fmt::arg("nw", lit(wb, p.num_cta_slots)), fmt::arg("w0", lit(wb, 0)),
      fmt::arg("w1", lit(wb, 1)), fmt::arg("w2", lit(wb, 2)), fmt::arg("l1", lit(lb, 1)),
      fmt::arg("t_idle", lit(sb, p.t_idle)), fmt::arg("t_low", lit(sb, p.t_mem_low)),
      fmt::arg("t_high", lit(sb, p.t_mem_high))));

  m.require("limit_in_range",
            fmt::format("limit_o >= {one} && limit_o <= max_limit_q && max_limit_q >= {one} && "
                        "max_limit_q <= {n}",
                        fmt::arg("one", lit(lb, 1)), fmt::arg("n", n_lit)),
            "1 <= n <= N <= num_cta_slots");
  m.require("limit_steps_by_one",
            "!past_valid_q || past_start_q || limit_w == {1'b0, past_limit_q} || limit_w == up || "
            "limit_w == down",
            "but at a launch, n moves by at most one per cycle");
  m.require("limit_moves_only_at_period_end", "!counted || limit_o == past_limit_q",
            "but at a launch, n changes only at the edge that ends a sampling period (so by at "
            "most one per period)");
  m.require("n_bound_moves_only_at_launch",
            "!past_valid_q || past_start_q || max_limit_q == past_max_q",
            "N changes only at a launch");
  m.require(
      "launch_loads",
      fmt::format("!past_valid_q || !past_start_q || ({{1'b0, max_limit_q}} == past_launch_n_q "
                  "&& limit_w == past_launch_first_q && phase_q == {} && idle_count_q == {} "
                  "&& mem_count_q == {})",
                  lit(pb, 0), lit(cb, 0), lit(cb, 0)),
      "a launch sets N = num_ctas_i within 1..num_cta_slots, n = max(1, floor(N / 2)), and "
      "starts a period with clear counters");
  m.require("counters_never_wrap",
            "!counted || ({1'b0, idle_count_q} == past_idle_q && "
            "{1'b0, mem_count_q} == past_mem_q)",
            "within a period each counter adds its input exactly: it never wraps");
  m.require("period_advances", fmt::format("!counted || phase_q == past_phase_q + {}", lit(pb, 1)),
            "within a period the cycle count advances by one every cycle");
  m.require("counters_clear_each_period",
            fmt::format("!decided || (phase_q == {} && idle_count_q == {} && mem_count_q == {})",
                        lit(pb, 0), lit(cb, 0), lit(cb, 0)),
            "a period's end restarts the period and clears C_idle and C_mem");
  m.require("raise_when_idle", "!decided || !past_idle_high || limit_w == up",
            "C_idle >= t_idle at a period's end raises n (unless n = N)");
  m.require("raise_when_memory_light",
            "!decided || past_idle_high || !past_mem_low || limit_w == up",
            "else C_mem < t_mem_low raises n (unless n = N)");
  m.require("lower_when_memory_bound",
            "!decided || past_idle_high || past_mem_low || !past_mem_high || limit_w == down",
            "else C_mem >= t_mem_high lowers n (unless n = 1)");
  m.require("keep_otherwise",
            "!decided || past_idle_high || past_mem_low || past_mem_high || "
            "limit_o == past_limit_q",
            "else n stays");
  m.require("reset_state",
            fmt::format("!past_reset_q || (limit_o == {} && max_limit_q == {} && phase_q == {} && "
                        "idle_count_q == {} && mem_count_q == {})",
                        lit(lb, p.initial_limit()), n_lit, lit(pb, 0), lit(cb, 0), lit(cb, 0)),
            "after a reset N = num_cta_slots, n = max(1, floor(num_cta_slots / 2)) and a period "
            "starts");
  m.invariant("phase_in_range", fmt::format("phase_q <= {}", lit(pb, p.period - 1)),
              "the cycle count stays within the period");
  m.invariant("counts_within_phase",
              fmt::format("{{{pad}, idle_count_q}} <= {{{ppad}, phase_q}} && "
                          "{{{pad}, mem_count_q}} <= {{{ppad}, phase_q}}",
                          fmt::arg("pad", lit(1, 0)), fmt::arg("ppad", lit(sb - pb, 0))),
              "a counter counts at most the cycles of the period so far");
  return m.finish();
}

}  // namespace wf::gen
