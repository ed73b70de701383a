// Verilog for the BAWS most-waiting-first issue arbiter (sim_model/blocks/mwf_arbiter.h).
#include "gen/mwf_arbiter.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/most_waiting_first.h"
#include "gen/verilog.h"

namespace wf::gen {

std::string emit(const blocks::MwfArbiterParams& p) {
  const unsigned n = p.num_warps;
  const unsigned wb = p.warp_bits();
  const unsigned cb = p.cta_bits();
  const unsigned pb = p.count_bits();
  const unsigned sn = p.num_cta_slots;
  const bool gto = p.inner == blocks::InnerPolicy::kGto;
  const CtaLayout layout{n, sn, cb, pb};
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(
      blocks::MwfArbiter::kName, module,
      "Most-waiting-first (MWF) issue arbiter of barrier-aware warp scheduling (Liu et al.,\n"
      "ICS 2016): the CTA with the most warps waiting at its barrier (the warp priority\n"
      "table's count) goes first, ties to the smaller CTA slot. Inside that CTA: " +
          std::string(
              gto ? "GTO (the warp\nthe CTA issued last if ready, else its smallest warp id)."
                  : "LRR (round\nrobin starting after the warp the CTA issued last)."),
      blocks::param_list(p), blocks::MwfArbiterParams::describe());
  s << "\n";
  s << module_open(
      module, {{Port::kIn, n, "ready_i", "Bit w: warp w has a valid, ready instruction."},
               {Port::kIn, n * cb, "warp_cta_i", "CTA slot of warp w in [w*CTA_BITS +: CTA_BITS]."},
               {Port::kIn, sn * pb, "wpt_count_i",
                "WPT count of CTA slot c in [c*COUNT_BITS +: COUNT_BITS]."},
               {Port::kOut, 1, "grant_valid_o", "Some warp is granted."},
               {Port::kOut, wb, "grant_warp_o", "The granted warp (0 when none)."},
               {Port::kOut, n, "grant_o", "One-hot grant_warp_o, zero when no grant."}});
  s << "\n";
  s << fmt::format("  localparam NUM_WARPS = {};\n", n);
  s << fmt::format("  localparam NUM_CTA_SLOTS = {};\n", sn);
  s << fmt::format("  localparam WARP_BITS = {};\n", wb);
  s << fmt::format("  localparam CTA_BITS = {};\n", cb);
  s << fmt::format("  localparam COUNT_BITS = {};\n\n", pb);
  s << issued_last_regs(layout, wb, gto);
  s << "\n";
  s << mwf_select_block("ready_i", "ready", "greedy_ready", layout, wb, gto);
  s << "\n";
  s << issued_last_update_block(layout, wb, gto);
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
