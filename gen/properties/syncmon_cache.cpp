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
  // The hash and the replacement rule are not visible at the ports (which set and way hold a
  // condition changes only when sets fill up), so they are stated over set_q and valid_q.
  std::string hash_bits;
  for (unsigned i = 0; i < p.set_bits(); ++i) {
    hash_bits += fmt::format("  assign past_hash[{}] = ^(past_key & {}'h{:x});\n", i, p.key_bits(),
                             p.hash_row(i));
  }
  m.logic(fmt::format(
      "  // The previous cycle's request, and whether it stored a new condition.\n"
      "  reg {ra}past_addr_q;\n"
      "  reg {rv}past_value_q;\n"
      "  reg past_new_cond_q;\n"
      "  reg {rs}past_set_q;\n"
      "  always @(posedge clk_i) begin\n"
      "    past_addr_q <= req_addr_i;\n"
      "    past_value_q <= req_value_i;\n"
      "    past_new_cond_q <= pushed && !resp_hit_o;\n"
      "    past_set_q <= set_q;\n"
      "  end\n\n"
      "  // Its set: the H3 hash of (address << {shift}) | value.\n"
      "  reg [{k1}:0] past_key;\n"
      "  wire {rs}past_hash;\n"
      "  always @* begin\n"
      "    past_key = {k}'d0;\n"
      "    past_key[{shift} +: {a}] = past_addr_q;\n"
      "    past_key[{v1}:0] = past_key[{v1}:0] | past_value_q;\n"
      "  end\n"
      "{hash_bits}\n"
      "  // The valid bits after a new condition took the lowest free way of its set.\n"
      "  reg {rvb}expected_valid;\n"
      "  reg free_found;\n"
      "  integer w_free;\n"
      "  always @* begin\n"
      "    expected_valid = past_valid_bits_q;\n"
      "    free_found = 1'b0;\n"
      "    for (w_free = 0; w_free < {ways}; w_free = w_free + 1) begin\n"
      "      if (!free_found && !past_valid_bits_q[{{{s_pad}past_set_q}} * {ways} + w_free]) "
      "begin\n"
      "        expected_valid[{{{s_pad}past_set_q}} * {ways} + w_free] = 1'b1;\n"
      "        free_found = 1'b1;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("ra", reg_range(p.addr_bits)), fmt::arg("rv", reg_range(p.value_bits)),
      fmt::arg("rs", reg_range(p.set_bits())), fmt::arg("rvb", reg_range(p.cache_sets * ways)),
      fmt::arg("shift", p.shift()), fmt::arg("k", p.key_bits()), fmt::arg("k1", p.key_bits() - 1),
      fmt::arg("a", p.addr_bits), fmt::arg("v1", p.value_bits - 1),
      fmt::arg("hash_bits", hash_bits), fmt::arg("ways", ways),
      fmt::arg("s_pad", fmt::format("{}'d0, ", 32 - p.set_bits()))));
  m.require("set_is_hash", "!past_valid_q || !past_accept_q || set_q == past_hash",
            "a request is looked up in the set the H3 hash of (address << shift) | value names");
  m.require("new_condition_takes_lowest_free_way",
            "!past_valid_q || !past_new_cond_q || valid_q == expected_valid",
            "a new condition takes the lowest-numbered free way of its set, and no other way "
            "changes");
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
