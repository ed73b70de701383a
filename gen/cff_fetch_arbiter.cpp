// Verilog for the BAWS critical-fetch-first fetch arbiter (sim_model/blocks/cff_fetch_arbiter.h).
#include "gen/cff_fetch_arbiter.h"

#include <sstream>
#include <vector>

#include "gen/fetch_groups.h"
#include "gen/first_hit_order.h"
#include "gen/module_name.h"
#include "gen/most_waiting_first.h"
#include "gen/snippets.h"
#include "gen/verilog.h"

namespace wf::gen {

namespace {

const char* describe_mode(blocks::FetchMode m) {
  switch (m) {
    case blocks::FetchMode::kLrr:
      return "Mode lrr (the baseline): round robin after the warp fetched last.";
    case blocks::FetchMode::kGto:
      return "Mode gto: a warp some scheduler issued last, else the oldest warp (CTA\n"
             "dispatch rank, then the lower warp id).";
    case blocks::FetchMode::kMwfLrr:
      return "Mode mwf_lrr: the MWF CTA order, inside the CTA round robin after the warp it\n"
             "issued last.";
    case blocks::FetchMode::kMwfGto:
      return "Mode mwf_gto: the MWF CTA order, inside the CTA the warp it issued last,\n"
             "else its smallest warp id.";
    case blocks::FetchMode::kSawsLrr:
      return "Mode saws_lrr: the SAWS CTA order (first barrier hit first), inside the CTA\n"
             "round robin after the warp it issued last.";
    case blocks::FetchMode::kSawsGto:
      return "Mode saws_gto: the SAWS CTA order (first barrier hit first), inside the CTA the\n"
             "warp it issued last, else its smallest warp id.";
    case blocks::FetchMode::kTwoLevel:
      return "Mode 2lev: eligible warps in the fetch groups of the warps the schedulers issued\n"
             "last first, round robin after the warp fetched last; else round robin over all\n"
             "eligible warps after it (on to the next group).";
  }
  return "";
}

// Issue ports may carry warp ids >= NUM_WARPS only when NUM_WARPS is not a power of two;
// otherwise the check would be constant (and a lint error).
std::string in_range(const blocks::CffFetchArbiterParams& p, const std::string& warp) {
  if ((1u << p.warp_bits()) == p.num_warps) return "";
  return " && " + warp + " < " + lit(p.warp_bits(), p.num_warps);
}

// The per-scheduler "issued last" registers greedy_warp_q (when `with_warp`) and
// greedy_valid_q follow the issue ports. With `fetch_pointer` non-empty that register also
// takes every grant (2lev mode).
std::string greedy_update_block(const blocks::CffFetchArbiterParams& p,
                                const std::string& fetch_pointer, bool with_warp) {
  const unsigned wb = p.warp_bits();
  const unsigned ports = p.num_issue_ports;
  std::string s;
  s += "  integer k_update;\n";
  s += "  always @(posedge clk_i) begin\n";
  s += "    if (!rst_ni) begin\n";
  if (!fetch_pointer.empty()) {
    s += fmt::format("      {} <= {};  // warp 0 goes first\n", fetch_pointer,
                     lit(wb, p.num_warps - 1));
  }
  if (with_warp) s += fmt::format("      greedy_warp_q  <= {};\n", lit(ports * wb, 0));
  s += fmt::format("      greedy_valid_q <= {};\n", lit(ports, 0));
  s += "    end else begin\n";
  if (!fetch_pointer.empty()) {
    s += fmt::format("      if (grant_valid_o) {} <= grant_warp_o;\n", fetch_pointer);
  }
  s += "      for (k_update = 0; k_update < NUM_ISSUE_PORTS; k_update = k_update + 1) begin\n";
  s += "        if (issue_valid_i[k_update]" +
       in_range(p, "issue_warp_i[k_update*WARP_BITS +: WARP_BITS]") + ") begin\n";
  s += "          greedy_valid_q[k_update] <= 1'b1;\n";
  if (with_warp) {
    s += "          greedy_warp_q[k_update*WARP_BITS +: WARP_BITS] <=\n";
    s += "              issue_warp_i[k_update*WARP_BITS +: WARP_BITS];\n";
  }
  s += "        end\n";
  s += "      end\n";
  s += "    end\n";
  s += "  end\n\n";
  return s;
}

}  // namespace

std::string emit(const blocks::CffFetchArbiterParams& p) {
  using blocks::FetchMode;
  const unsigned n = p.num_warps;
  const unsigned wb = p.warp_bits();
  const unsigned cb = p.cta_bits();
  const unsigned pb = p.count_bits();
  const unsigned sn = p.num_cta_slots;
  const unsigned ports = p.num_issue_ports;
  const CtaLayout layout{n, sn, cb, pb};
  const std::string module = module_name(p);
  std::ostringstream s;
  s << file_header(blocks::CffFetchArbiter::kName, module,
                   "Critical-fetch-first (CFF) fetch arbiter of barrier-aware warp scheduling\n"
                   "(Liu et al., ICS 2016): among warps eligible to fetch, the one the issue\n"
                   "policy would pick next.\n" +
                       std::string(describe_mode(p.mode)),
                   blocks::param_list(p), blocks::CffFetchArbiterParams::describe());
  s << "\n";
  s << module_open(
      module, {{Port::kIn, n, "eligible_i",
                "Bit w: warp w may fetch (I-buffer empty, no I-cache miss pending)."},
               {Port::kIn, n * cb, "warp_cta_i", "CTA slot of warp w in [w*CTA_BITS +: CTA_BITS]."},
               {Port::kIn, sn * pb, "wpt_count_i",
                p.saws() ? "WPT count of CTA slot c in [c*COUNT_BITS +: COUNT_BITS] (saws modes: "
                           "non-zero = waiting)."
                         : "WPT count of CTA slot c in [c*COUNT_BITS +: COUNT_BITS] (mwf modes)."},
               {Port::kIn, sn * cb, "cta_age_i",
                "Dispatch rank of CTA slot c, 0 = oldest, in [c*CTA_BITS +: CTA_BITS] (gto mode)."},
               {Port::kIn, ports, "issue_valid_i", "Bit k: warp scheduler k issued this cycle.",
                false, true},
               {Port::kIn, ports * wb, "issue_warp_i",
                "The warp scheduler k issued, in [k*WARP_BITS +: WARP_BITS]."},
               {Port::kOut, 1, "grant_valid_o", "Some warp is granted the fetch."},
               {Port::kOut, wb, "grant_warp_o", "The granted warp (0 when none)."},
               {Port::kOut, n, "grant_o", "One-hot grant_warp_o, zero when no grant."}});
  s << "\n";
  s << fmt::format("  localparam NUM_WARPS = {};\n", n);
  s << fmt::format("  localparam NUM_CTA_SLOTS = {};\n", sn);
  s << fmt::format("  localparam NUM_ISSUE_PORTS = {};\n", ports);
  s << fmt::format("  localparam WARP_BITS = {};\n", wb);
  s << fmt::format("  localparam CTA_BITS = {};\n", cb);
  s << fmt::format("  localparam COUNT_BITS = {};\n\n", pb);

  switch (p.mode) {
    case FetchMode::kLrr: {
      s << unused_inputs(
          {"warp_cta_i", "wpt_count_i", "cta_age_i", "issue_valid_i", "issue_warp_i"});
      s << "  /// The warp fetched last: the round robin restarts after it.\n";
      s << fmt::format("  reg {} last_fetch_q;\n\n", range(wb));
      s << ring_add_function("ring_add", n);
      s << round_robin_block("next", "eligible_i", "last_fetch_q", n);
      s << "  assign grant_valid_o = next_valid;\n";
      s << "  assign grant_warp_o  = next_warp;\n";
      s << onehot_assign("grant_o", "grant_valid_o", "grant_warp_o", n);
      s << "\n  always @(posedge clk_i) begin\n";
      s << "    if (!rst_ni) begin\n";
      s << fmt::format("      last_fetch_q <= {};  // warp 0 goes first\n", lit(wb, n - 1));
      s << "    end else if (grant_valid_o) begin\n";
      s << "      last_fetch_q <= grant_warp_o;\n";
      s << "    end\n";
      s << "  end\n\n";
      break;
    }
    case FetchMode::kGto: {
      s << unused_inputs({"wpt_count_i"});
      s << "  /// Per scheduler k, the warp it issued last, in [k*WARP_BITS +: WARP_BITS].\n";
      s << fmt::format("  reg {} greedy_warp_q;\n", range(ports * wb));
      s << fmt::format("  reg {} greedy_valid_q;\n\n", vector_range(ports));
      s << "  // A scheduler's greedy warp, if eligible; the lowest port wins (downward scan).\n";
      s << "  reg greedy_hit;\n";
      s << fmt::format("  reg {} greedy_hit_warp;\n", range(wb));
      s << "  integer k_greedy;\n";
      s << "  always @* begin\n";
      s << "    greedy_hit      = 1'b0;\n";
      s << fmt::format("    greedy_hit_warp = {};\n", lit(wb, 0));
      s << "    for (k_greedy = NUM_ISSUE_PORTS - 1; k_greedy >= 0; k_greedy = k_greedy - 1) "
           "begin\n";
      s << "      if (greedy_valid_q[k_greedy] &&\n";
      s << "          eligible_i[greedy_warp_q[k_greedy*WARP_BITS +: WARP_BITS]]) begin\n";
      s << "        greedy_hit      = 1'b1;\n";
      s << "        greedy_hit_warp = greedy_warp_q[k_greedy*WARP_BITS +: WARP_BITS];\n";
      s << "      end\n";
      s << "    end\n";
      s << "  end\n\n";
      s << per_warp_lookup("warp_age", "cta_age_i", "warp_cta_i", n, sn, cb, cb, "age");
      s << oldest_warp_block("oldest", "eligible_i", "warp_age", n, cb);
      s << "  assign grant_valid_o = greedy_hit || oldest_valid;\n";
      s << "  assign grant_warp_o  = greedy_hit ? greedy_hit_warp : oldest_warp;\n";
      s << onehot_assign("grant_o", "grant_valid_o", "grant_warp_o", n);
      s << "\n" << greedy_update_block(p, "", true);
      break;
    }
    case FetchMode::kMwfLrr:
    case FetchMode::kMwfGto:
    case FetchMode::kSawsLrr:
    case FetchMode::kSawsGto: {
      const bool gto = p.inner_gto();
      s << unused_inputs({"cta_age_i"});
      s << "  /// Per CTA slot c, the warp it issued last, in [c*WARP_BITS +: WARP_BITS].\n";
      s << fmt::format("  reg {} last_warp_q;\n", range(sn * wb));
      s << fmt::format("  reg {} last_warp_d;\n", range(sn * wb));
      if (gto) {
        s << "  /// Per CTA slot: last_warp_q holds a warp issued since reset.\n";
        s << fmt::format("  reg {} last_valid_q;\n", range(sn));
        s << fmt::format("  reg {} last_valid_d;\n", range(sn));
      }
      s << "\n";
      s << (p.saws() ? saws_select_block("eligible_i", "eligible", "greedy_hit", layout, wb, gto)
                     : mwf_select_block("eligible_i", "eligible", "greedy_hit", layout, wb, gto));
      s << "\n  // Track what the schedulers issue; a later port wins when two hit one CTA.\n";
      s << "  reg " << range(wb) << " issued_warp;\n";
      s << "  integer k_update, c_update;\n";
      s << "  always @* begin\n";
      s << "    last_warp_d  = last_warp_q;\n";
      if (gto) s << "    last_valid_d = last_valid_q;\n";
      s << fmt::format("    issued_warp  = {};\n", lit(wb, 0));
      s << "    for (k_update = 0; k_update < NUM_ISSUE_PORTS; k_update = k_update + 1) begin\n";
      s << "      issued_warp = issue_warp_i[k_update*WARP_BITS +: WARP_BITS];\n";
      s << "      if (issue_valid_i[k_update]" << in_range(p, "issued_warp") << ") begin\n";
      s << "        for (c_update = 0; c_update < NUM_CTA_SLOTS; c_update = c_update + 1) begin\n";
      s << fmt::format(
          "          if (warp_cta_i[issued_warp*CTA_BITS +: CTA_BITS] == c_update[{}:0]) begin\n",
          cb - 1);
      s << "            last_warp_d[c_update*WARP_BITS +: WARP_BITS] = issued_warp;\n";
      if (gto) s << "            last_valid_d[c_update] = 1'b1;\n";
      s << "          end\n";
      s << "        end\n";
      s << "      end\n";
      s << "    end\n";
      s << "  end\n\n";
      s << "  always @(posedge clk_i) begin\n";
      s << "    if (!rst_ni) begin\n";
      s << fmt::format("      last_warp_q  <= {{{}{{{}}}}};  // LRR starts every CTA at warp 0\n",
                       sn, lit(wb, n - 1));
      if (gto) s << fmt::format("      last_valid_q <= {};\n", lit(sn, 0));
      s << "    end else begin\n";
      s << "      last_warp_q  <= last_warp_d;\n";
      if (gto) s << "      last_valid_q <= last_valid_d;\n";
      s << "    end\n";
      s << "  end\n\n";
      break;
    }
    case FetchMode::kTwoLevel: {
      // With one group there is nothing to remember but whether a scheduler issued at all.
      const bool one_group = n <= p.group_size;
      std::vector<std::string> unused = {"warp_cta_i", "wpt_count_i", "cta_age_i"};
      if (one_group) unused.push_back("issue_warp_i");
      s << unused_inputs(unused);
      s << "  /// The warp fetched last: the round robin restarts after it.\n";
      s << fmt::format("  reg {} last_fetch_q;\n", range(wb));
      if (!one_group) {
        s << "  /// Per scheduler k, the warp it issued last, in [k*WARP_BITS +: WARP_BITS]: its\n";
        s << "  /// fetch group is the group scheduler k is in.\n";
        s << fmt::format("  reg {} greedy_warp_q;\n", range(ports * wb));
      }
      s << "  /// Per scheduler k: it issued since reset.\n";
      s << fmt::format("  reg {} greedy_valid_q;\n\n", vector_range(ports));
      std::string groups;
      for (unsigned k = 0; k < ports && !one_group; ++k) {
        const std::string name = fmt::format("issue_group_{}", k);
        s << group_mask_block(name, fmt::format("greedy_warp_q[{} +: {}]", k * wb, wb), n,
                              p.group_size);
        groups += fmt::format("{}(greedy_valid_q[{}] ? {} : {})", k ? " |\n      " : "", k, name,
                              lit(n, 0));
      }
      if (one_group) {
        groups = fmt::format("(|greedy_valid_q) ? {{{}{{1'b1}}}} : {}", n, lit(n, 0));
      }
      s << "  // The groups the schedulers are in, and their eligible warps if there are any.\n";
      s << fmt::format("  wire {} current_groups =\n      {};\n", range(n), groups);
      s << fmt::format("  wire {} current_eligible = eligible_i & current_groups;\n", range(n));
      s << fmt::format(
          "  wire {} candidates = (|current_eligible) ? current_eligible : eligible_i;\n\n",
          range(n));
      s << ring_add_function("ring_add", n);
      s << round_robin_block("next", "candidates", "last_fetch_q", n);
      s << "  assign grant_valid_o = next_valid;\n";
      s << "  assign grant_warp_o  = next_warp;\n";
      s << onehot_assign("grant_o", "grant_valid_o", "grant_warp_o", n);
      s << "\n" << greedy_update_block(p, "last_fetch_q", !one_group);
      break;
    }
  }
  s << "endmodule\n";
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
