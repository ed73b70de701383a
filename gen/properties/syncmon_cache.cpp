// Formal properties of AWG's SyncMon condition cache (sim_model/blocks/syncmon_cache.h).
#include "gen/properties/syncmon_cache.h"

#include <fmt/core.h>

#include <algorithm>

#include "gen/module_name.h"
#include "gen/properties/property_module.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::SyncmonCacheParams& p) {
  using B = blocks::SyncmonCache;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const unsigned u = p.used_bits();
  const unsigned ways = p.cache_ways;
  const unsigned eb = p.entry_bits();
  m.expose("state_q", 2);
  m.expose("update_q", 1);
  m.expose("addr_q", p.addr_bits);
  m.expose("value_q", p.value_bits);
  m.expose("set_q", p.set_bits());
  m.expose("row_q", eb * ways);
  m.expose("valid_q", p.cache_sets * ways);
  m.expose("used_q", u);
  m.expose("bump_q", u);
  // The cache RAM and the WG-list RAMs are memories the wrapper cannot name, so the properties
  // are stated over the ports, the read register row_q and the counters; none needs an
  // invariant over RAM contents, so induction closes in one step at every size.
  m.logic(fmt::format(
      "  // Ghost occupancy: waiters accepted minus waiters resumed since reset.\n"
      "  reg {ru}occupancy_q;\n"
      "  wire pushed = resp_valid_o && !update_q && !resp_full_o;\n"
      "  always @(posedge clk_i) begin\n"
      "    if (!rst_ni) occupancy_q <= {u_zero};\n"
      "    else occupancy_q <= occupancy_q + {{{u_pad}pushed}} - {{{u_pad}wg_valid_o}};\n"
      "  end\n\n"
      "  // The previous cycle's handshake, response and counters.\n"
      "  reg past_accept_q, past_hit_update_q, past_wg_valid_q, past_full_q;\n"
      "  reg {ru}past_used_q;\n"
      "  reg {rv}past_valid_bits_q;\n"
      "  always @(posedge clk_i) begin\n"
      "    past_accept_q <= req_valid_i && req_ready_o;\n"
      "    past_hit_update_q <= resp_valid_o && resp_hit_o && update_q;\n"
      "    past_wg_valid_q <= wg_valid_o;\n"
      "    past_full_q <= resp_full_o;\n"
      "    past_used_q <= used_q;\n"
      "    past_valid_bits_q <= valid_q;\n"
      "  end\n\n"
      "  // The set read, re-derived: the condition cached in a valid way, every way valid.\n"
      "  reg cond_cached, set_all_valid;\n"
      "  integer w_chk;\n"
      "  always @* begin\n"
      "    cond_cached = 1'b0;\n"
      "    set_all_valid = 1'b1;\n"
      "    for (w_chk = 0; w_chk < {ways}; w_chk = w_chk + 1) begin\n"
      "      if (valid_q[{{{s_pad}set_q}} * {ways} + w_chk]) begin\n"
      "        if (row_q[w_chk*{eb} +: {a}] == addr_q && row_q[w_chk*{eb} + {a} +: {v}] == "
      "value_q)\n"
      "          cond_cached = 1'b1;\n"
      "      end else begin\n"
      "        set_all_valid = 1'b0;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("ru", reg_range(u)), fmt::arg("rv", reg_range(p.cache_sets * ways)),
      fmt::arg("u_zero", lit(u, 0)),
      fmt::arg("u_pad", u > 1 ? fmt::format("{}'d0, ", u - 1) : std::string{}),
      fmt::arg("s_pad", fmt::format("{}'d0, ", 32 - p.set_bits())), fmt::arg("ways", ways),
      fmt::arg("eb", eb), fmt::arg("a", p.addr_bits), fmt::arg("v", p.value_bits)));
  m.require("waiters_counted", "occupancy_q == used_q",
            "the WG list never loses or duplicates a waiter: waiters accepted minus waiters "
            "resumed since reset equals the WG-list entries in use");
  m.require("full_exactly_at_limits",
            fmt::format("resp_full_o == (resp_valid_o && !update_q && (used_q == {} || "
                        "(!cond_cached && set_all_valid)))",
                        lit(u, p.wg_entries)),
            "a wait is refused exactly when the WG list has no free entry or the condition is "
            "new and every way of its set holds a condition");
  m.require("hit_is_cached", "!resp_valid_o || resp_hit_o == cond_cached",
            "a response hits exactly when a valid way of the set holds (address, value)");
  m.require("refusal_stores_nothing",
            "!past_valid_q || !past_full_q || (used_q == past_used_q && valid_q == "
            "past_valid_bits_q)",
            "a refused waiter takes no WG-list entry and no way");
  m.require("resume_after_met_update",
            "!past_valid_q || !wg_valid_o || past_hit_update_q || past_wg_valid_q",
            "waiters resume only right after an update met their condition, one per cycle");
  m.require("one_response_per_request", "!past_valid_q || resp_valid_o == past_accept_q",
            "each accepted request is answered in the next cycle, and only then");
  m.require("wg_zero_unless_resuming", fmt::format("wg_valid_o || wg_o == {}", lit(p.wg_bits, 0)),
            "wg_o names a WG only in a cycle that resumes one");
  m.require("wg_list_bump_in_list", fmt::format("bump_q <= {}", lit(u, p.wg_entries)),
            "the never-used WG-list entries start inside the list: no pointer outside it");
  // The base case must reach a full WG list: a reset, then a wait every two cycles until every
  // entry is taken, and one more (2 x entries + 4 cycles); capped, as larger lists are filled by
  // equivalence, not by the bounded check.
  m.set_depth(std::min(2 * p.wg_entries + 6, 24u));
  m.invariant("state_encoded", "state_q != 2'd3", "the controller is idle, looking up or popping");
  return m.finish();
}

}  // namespace wf::gen
