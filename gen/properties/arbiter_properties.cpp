#include "gen/properties/arbiter_properties.h"

#include <fmt/core.h>

#include "gen/verilog.h"
#include "sim_model/blocks/params.h"

namespace wf::gen {

namespace {

unsigned warp_bits(const ArbiterShape& a) {
  return blocks::clog2(a.num_warps);
}

// "<x> < n" for a warp id, or "1'b1" when every value of the id's width is a warp.
std::string warp_in_range(const std::string& x, const ArbiterShape& a) {
  const unsigned wb = warp_bits(a);
  if ((1u << wb) == a.num_warps) return "1'b1";
  return fmt::format("{} < {}", x, lit(wb, a.num_warps));
}

}  // namespace

void require_grant_properties(PropertyModule& m, const ArbiterShape& a) {
  const unsigned n = a.num_warps;
  const unsigned wb = warp_bits(a);
  m.require("grant_valid_matches", fmt::format("grant_valid_o == (grant_o != {})", lit(n, 0)),
            "grant_valid_o is set exactly when grant_o has a bit set");
  m.require("grant_warp_matches",
            fmt::format("grant_valid_o ? ({} && grant_o == ({} << grant_warp_o)) : "
                        "grant_warp_o == {}",
                        warp_in_range("grant_warp_o", a), lit(n, 1), lit(wb, 0)),
            "grant_o is the one-hot of grant_warp_o, a warp id; grant_warp_o is 0 without a grant");
  m.require("grant_at_most_one",
            fmt::format("(grant_o & (grant_o - {})) == {}", lit(n, 1), lit(n, 0)),
            "at most one warp is granted");
  m.require("grant_only_requesters", fmt::format("(grant_o & ~{}) == {}", a.request, lit(n, 0)),
            "only a warp that requests (" + a.request + ") is granted");
  m.require("grant_when_requested", fmt::format("{} == {} || grant_valid_o", a.request, lit(n, 0)),
            "some warp is granted whenever some warp requests");
}

void assume_requesters_in_cta_slots(PropertyModule& m, const ArbiterShape& a) {
  if ((1u << a.cta_bits) == a.num_cta_slots) return;
  m.logic(fmt::format(
      "  // Every requesting warp carries a CTA slot below {s}.\n"
      "  reg requesters_in_slots;\n"
      "  integer w_env;\n"
      "  always @* begin\n"
      "    requesters_in_slots = 1'b1;\n"
      "    for (w_env = 0; w_env < {n}; w_env = w_env + 1) begin\n"
      "      if ({req}[w_env] && warp_cta_i[w_env*{cb} +: {cb}] >= {s_lit}) begin\n"
      "        requesters_in_slots = 1'b0;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("s", a.num_cta_slots), fmt::arg("n", a.num_warps), fmt::arg("req", a.request),
      fmt::arg("cb", a.cta_bits), fmt::arg("s_lit", lit(a.cta_bits, a.num_cta_slots))));
  m.assume("requesters_in_cta_slots", "requesters_in_slots",
           "a requesting warp's warp_cta_i field is a CTA slot (In::warp_cta: the CTA slot of "
           "each warp)");
}

void invariant_warp_ids_in_range(PropertyModule& m, const std::string& name, const std::string& reg,
                                 unsigned fields, const ArbiterShape& a, const std::string& doc) {
  const unsigned wb = warp_bits(a);
  m.expose(reg, fields * wb);
  if ((1u << wb) == a.num_warps) {
    // Every value is a warp id; the invariant is still stated, so the report lists it.
    m.invariant(name, "1'b1", doc + " (every " + std::to_string(wb) + "-bit value is one)");
    return;
  }
  const std::string ok = name + "_ok";
  const std::string i = "i_" + name;
  m.logic(fmt::format(
      "  reg {ok};\n"
      "  integer {i};\n"
      "  always @* begin\n"
      "    {ok} = 1'b1;\n"
      "    for ({i} = 0; {i} < {fields}; {i} = {i} + 1) begin\n"
      "      if ({reg}[{i}*{wb} +: {wb}] >= {n_lit}) {ok} = 1'b0;\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("ok", ok), fmt::arg("i", i), fmt::arg("fields", fields), fmt::arg("reg", reg),
      fmt::arg("wb", wb), fmt::arg("n_lit", lit(wb, a.num_warps))));
  m.invariant(name, ok, doc);
}

void declare_grant_cta(PropertyModule& m, const ArbiterShape& a) {
  m.logic(fmt::format(
      "  // The CTA slot of the granted warp.\n"
      "  reg {rc} grant_cta;\n"
      "  integer w_grant_cta;\n"
      "  always @* begin\n"
      "    grant_cta = {zero};\n"
      "    for (w_grant_cta = 0; w_grant_cta < {n}; w_grant_cta = w_grant_cta + 1) begin\n"
      "      if (grant_o[w_grant_cta]) grant_cta = warp_cta_i[w_grant_cta*{cb} +: {cb}];\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rc", range(a.cta_bits)), fmt::arg("zero", lit(a.cta_bits, 0)),
      fmt::arg("n", a.num_warps), fmt::arg("cb", a.cta_bits)));
}

void require_most_waiting_cta(PropertyModule& m, const ArbiterShape& a) {
  m.logic(fmt::format(
      "  // CTA slots with a requesting warp, and whether one of them outranks the grant's CTA.\n"
      "  reg {rs} cta_requests;\n"
      "  reg {rp} grant_cta_count;\n"
      "  reg most_waiting_ok;\n"
      "  integer w_mw, c_mw;\n"
      "  always @* begin\n"
      "    cta_requests = {s_zero};\n"
      "    for (w_mw = 0; w_mw < {n}; w_mw = w_mw + 1) begin\n"
      "      for (c_mw = 0; c_mw < {s}; c_mw = c_mw + 1) begin\n"
      "        if ({req}[w_mw] && warp_cta_i[w_mw*{cb} +: {cb}] == c_mw[{cb_m1}:0]) begin\n"
      "          cta_requests[c_mw] = 1'b1;\n"
      "        end\n"
      "      end\n"
      "    end\n"
      "    grant_cta_count = {p_zero};\n"
      "    for (c_mw = 0; c_mw < {s}; c_mw = c_mw + 1) begin\n"
      "      if (grant_cta == c_mw[{cb_m1}:0]) grant_cta_count = wpt_count_i[c_mw*{pb} +: {pb}];\n"
      "    end\n"
      "    most_waiting_ok = 1'b1;\n"
      "    for (c_mw = 0; c_mw < {s}; c_mw = c_mw + 1) begin\n"
      "      if (cta_requests[c_mw] && (wpt_count_i[c_mw*{pb} +: {pb}] > grant_cta_count ||\n"
      "          (wpt_count_i[c_mw*{pb} +: {pb}] == grant_cta_count && "
      "c_mw[{cb_m1}:0] < grant_cta))) begin\n"
      "        most_waiting_ok = 1'b0;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rs", range(a.num_cta_slots)), fmt::arg("rp", range(a.count_bits)),
      fmt::arg("s_zero", lit(a.num_cta_slots, 0)), fmt::arg("p_zero", lit(a.count_bits, 0)),
      fmt::arg("n", a.num_warps), fmt::arg("s", a.num_cta_slots), fmt::arg("req", a.request),
      fmt::arg("cb", a.cta_bits), fmt::arg("cb_m1", a.cta_bits - 1), fmt::arg("pb", a.count_bits)));
  m.require("most_waiting_cta", "!grant_valid_o || most_waiting_ok",
            "the grant goes to the CTA with the most warps waiting at its barrier (wpt_count_i) "
            "among the CTAs with a requesting warp, ties to the smaller CTA slot");
}

void require_oldest(PropertyModule& m, const std::string& name, const std::string& exempt,
                    const ArbiterShape& a, const std::string& doc) {
  const std::string ok = name + "_ok";
  m.logic(fmt::format(
      "  // Whether some requesting warp is older than the granted one (CTA age, then warp id).\n"
      "  reg {rc} grant_age_{name};\n"
      "  reg {rc} age_{name};\n"
      "  reg {ok};\n"
      "  integer w_{name}, c_{name};\n"
      "  always @* begin\n"
      "    grant_age_{name} = {zero};\n"
      "    for (c_{name} = 0; c_{name} < {s}; c_{name} = c_{name} + 1) begin\n"
      "      if (grant_cta == c_{name}[{cb_m1}:0]) grant_age_{name} = cta_age_i[c_{name}*{cb} +: "
      "{cb}];\n"
      "    end\n"
      "    {ok} = 1'b1;\n"
      "    for (w_{name} = 0; w_{name} < {n}; w_{name} = w_{name} + 1) begin\n"
      "      age_{name} = {zero};\n"
      "      for (c_{name} = 0; c_{name} < {s}; c_{name} = c_{name} + 1) begin\n"
      "        if (warp_cta_i[w_{name}*{cb} +: {cb}] == c_{name}[{cb_m1}:0]) begin\n"
      "          age_{name} = cta_age_i[c_{name}*{cb} +: {cb}];\n"
      "        end\n"
      "      end\n"
      "      if ({req}[w_{name}] && (age_{name} < grant_age_{name} ||\n"
      "          (age_{name} == grant_age_{name} && w_{name}[{wb_m1}:0] < grant_warp_o))) begin\n"
      "        {ok} = 1'b0;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rc", range(a.cta_bits)), fmt::arg("name", name), fmt::arg("ok", ok),
      fmt::arg("zero", lit(a.cta_bits, 0)), fmt::arg("s", a.num_cta_slots),
      fmt::arg("cb_m1", a.cta_bits - 1), fmt::arg("cb", a.cta_bits), fmt::arg("n", a.num_warps),
      fmt::arg("req", a.request), fmt::arg("wb_m1", warp_bits(a) - 1)));
  m.require(name, fmt::format("!grant_valid_o || ({}) || {}", exempt, ok), doc);
}

void declare_last_grant(PropertyModule& m, const ArbiterShape& a, unsigned reset_warp) {
  const unsigned wb = warp_bits(a);
  m.logic(
      fmt::format("  // The warp granted last since reset, seen from the grant ports.\n"
                  "  reg last_grant_valid_q;\n"
                  "  reg {rw} last_grant_warp_q;\n"
                  "  always @(posedge clk_i) begin\n"
                  "    if (!rst_ni) begin\n"
                  "      last_grant_valid_q <= 1'b0;\n"
                  "      last_grant_warp_q  <= {reset};\n"
                  "    end else if (grant_valid_o) begin\n"
                  "      last_grant_valid_q <= 1'b1;\n"
                  "      last_grant_warp_q  <= grant_warp_o;\n"
                  "    end\n"
                  "  end\n\n",
                  fmt::arg("rw", range(wb)), fmt::arg("reset", lit(wb, reset_warp))));
}

void require_round_robin_after_last(PropertyModule& m, const std::string& name,
                                    const std::string& candidates, const ArbiterShape& a,
                                    const std::string& doc) {
  const unsigned wb = warp_bits(a);
  const std::string ok = name + "_ok";
  const std::string w = "w_" + name;
  // Strictly between last and grant round the ring: inside (last, grant) when last < grant,
  // else the wrapped interval; last == grant (a full turn) leaves every other warp between.
  m.logic(fmt::format(
      "  // Whether a candidate lies strictly between the warp granted last and the grant, round\n"
      "  // the ring of warps (then the grant skipped it).\n"
      "  wire {rn} candidates_{name} = {cand};\n"
      "  reg {ok};\n"
      "  integer {w};\n"
      "  always @* begin\n"
      "    {ok} = 1'b1;\n"
      "    for ({w} = 0; {w} < {n}; {w} = {w} + 1) begin\n"
      "      if (candidates_{name}[{w}] &&\n"
      "          ((last_grant_warp_q < grant_warp_o)\n"
      "               ? ({w}[{wb_m1}:0] > last_grant_warp_q && {w}[{wb_m1}:0] < grant_warp_o)\n"
      "               : ({w}[{wb_m1}:0] > last_grant_warp_q || {w}[{wb_m1}:0] < grant_warp_o))) "
      "begin\n"
      "        {ok} = 1'b0;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rn", range(a.num_warps)), fmt::arg("name", name), fmt::arg("cand", candidates),
      fmt::arg("ok", ok), fmt::arg("w", w), fmt::arg("n", a.num_warps), fmt::arg("wb_m1", wb - 1)));
  m.require(name, "!grant_valid_o || " + ok, doc);
}

}  // namespace wf::gen
