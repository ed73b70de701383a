// Verilog for DYNCTA's CTA-limit controller (sim_model/blocks/dyncta_controller.h).
#include "gen/dyncta_controller.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/verilog.h"

namespace wf::gen {
std::string emit(const blocks::DynctaControllerParams& p) {
  const unsigned cb = p.counter_bits;
  const unsigned sb = cb + 1;  // a counter plus the period's last cycle
  const unsigned pb = p.phase_bits();
  const unsigned lb = p.limit_bits();
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(
      blocks::DynctaController::kName, module,
      "CTA-limit controller of DYNCTA (Kayiran et al., PACT 2013, Algorithm 1): counts\n"
      "C_idle and C_mem over each sampling period; at its end, C_idle >= T_IDLE or\n"
      "C_mem < T_MEM_LOW raises the limit n, else C_mem >= T_MEM_HIGH lowers it, within\n"
      "1..N; the counters then restart from 0. A kernel launch (start_i) loads N, the\n"
      "launch's CTAs per SM (at most NUM_CTA_SLOTS), and n = max(1, N / 2).",
      blocks::param_list(p), blocks::DynctaControllerParams::describe());
  s << "\n";
  s << module_open(module,
                   {{Port::kIn, 1, "idle_i",
                     "The SM has no warp to issue and its pipeline is not stalled (C_idle)."},
                    {Port::kIn, 1, "mem_i", "Every warp of the SM waits for memory (C_mem)."},
                    {Port::kIn, 1, "start_i",
                     "A kernel launch: load N from num_ctas_i, n = max(1, N/2), new period."},
                    {Port::kIn, lb, "num_ctas_i",
                     "N, the launch's CTAs per SM (read with start_i; clamped to 1..slots)."},
                    {Port::kOut, lb, "limit_o", "n: the SM's CTA limit."}});
  s << "\n";
  s << "  /// Cycles of the current period before this one.\n";
  s << fmt::format("  reg {}phase_q;\n", reg_range(pb));
  s << "  /// C_idle and C_mem of those cycles (at most PERIOD - 1: they never wrap).\n";
  s << fmt::format("  reg {}idle_count_q;\n", reg_range(cb));
  s << fmt::format("  reg {}mem_count_q;\n", reg_range(cb));
  s << "  /// n, the CTA limit.\n";
  s << fmt::format("  reg {}limit_q;\n", reg_range(lb));
  s << "  /// N, the launch's CTAs per SM: n's upper bound.\n";
  s << fmt::format("  reg {}max_limit_q;\n\n", reg_range(lb));
  s << "  // The launch's N within 1..NUM_CTA_SLOTS, and the initial n, max(1, N / 2).\n";
  // The upper clamp only where the port can exceed the slots (else the compare is constant).
  const bool can_exceed = (1u << lb) - 1 > p.num_cta_slots;
  s << fmt::format("  wire {r} launch_limit = num_ctas_i == {z} ? {one} :{upper} num_ctas_i;\n",
                   fmt::arg("r", range(lb)), fmt::arg("z", lit(lb, 0)), fmt::arg("one", lit(lb, 1)),
                   fmt::arg("upper", can_exceed ? fmt::format(" num_ctas_i > {0} ? {0} :",
                                                              lit(lb, p.num_cta_slots))
                                                : std::string{}));
  s << fmt::format("  wire {} launch_half = launch_limit >> 1;\n", range(lb));
  s << fmt::format("  wire {} launch_start = launch_half == {} ? {} : launch_half;\n\n", range(lb),
                   lit(lb, 0), lit(lb, 1));
  s << fmt::format("  wire {} idle_sum = {{1'b0, idle_count_q}} + {{{}'d0, idle_i}};\n", range(sb),
                   cb);
  s << fmt::format("  wire {} mem_sum  = {{1'b0, mem_count_q}} + {{{}'d0, mem_i}};\n", range(sb),
                   cb);
  s << fmt::format("  wire period_end = phase_q == {};\n", lit(pb, p.period - 1));
  s << fmt::format("  wire raise = idle_sum >= {} || mem_sum < {};\n", lit(sb, p.t_idle),
                   lit(sb, p.t_mem_low));
  s << fmt::format("  wire lower = !raise && mem_sum >= {};\n\n", lit(sb, p.t_mem_high));
  s << "  always @(posedge clk_i) begin\n";
  s << "    if (!rst_ni) begin\n";
  s << fmt::format("      phase_q      <= {};\n", lit(pb, 0));
  s << fmt::format("      idle_count_q <= {};\n", lit(cb, 0));
  s << fmt::format("      mem_count_q  <= {};\n", lit(cb, 0));
  s << fmt::format("      limit_q      <= {};\n", lit(lb, p.initial_limit()));
  s << fmt::format("      max_limit_q  <= {};\n", lit(lb, p.num_cta_slots));
  s << "    end else if (start_i) begin  // a kernel launch\n";
  s << fmt::format("      phase_q      <= {};\n", lit(pb, 0));
  s << fmt::format("      idle_count_q <= {};\n", lit(cb, 0));
  s << fmt::format("      mem_count_q  <= {};\n", lit(cb, 0));
  s << "      limit_q      <= launch_start;\n";
  s << "      max_limit_q  <= launch_limit;\n";
  s << "    end else if (period_end) begin  // decide, start the next period\n";
  s << fmt::format("      phase_q      <= {};\n", lit(pb, 0));
  s << fmt::format("      idle_count_q <= {};  // C_idle of the new period\n", lit(cb, 0));
  s << fmt::format("      mem_count_q  <= {};  // C_mem of the new period\n", lit(cb, 0));
  s << fmt::format("      if (raise && limit_q < max_limit_q) limit_q <= limit_q + {};\n",
                   lit(lb, 1));
  s << fmt::format("      else if (lower && limit_q != {}) limit_q <= limit_q - {};\n", lit(lb, 1),
                   lit(lb, 1));
  s << "    end else begin\n";
  s << fmt::format("      phase_q      <= phase_q + {};\n", lit(pb, 1));
  s << fmt::format("      idle_count_q <= idle_sum[{}:0];\n", cb - 1);
  s << fmt::format("      mem_count_q  <= mem_sum[{}:0];\n", cb - 1);
  s << "    end\n";
  s << "  end\n\n";
  s << "  assign limit_o = limit_q;\n\n";
  s << "endmodule\n";
  return s.str();
}

}  // namespace wf::gen
