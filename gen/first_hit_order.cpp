#include "gen/first_hit_order.h"

#include <fmt/core.h>

#include "gen/verilog.h"

namespace wf::gen {

namespace {

unsigned num_pairs(const CtaLayout& l) {
  return l.num_cta_slots * (l.num_cta_slots - 1) / 2;
}

std::string pair_index(const std::string& i, const std::string& j) {
  return fmt::format("hit_pair({}, {})", i, j);
}

}  // namespace

std::string first_hit_state_block(const CtaLayout& l) {
  const unsigned s = l.num_cta_slots;
  const unsigned np = num_pairs(l);
  return fmt::format(
      "  // First-hit order (SAWS): slot c waits while its WPT count is non-zero; its first hit\n"
      "  // is the count leaving 0. Waiting slots rank first, earlier first hits before later\n"
      "  // ones; same-cycle first hits and slots not waiting rank by the smaller slot. A pair\n"
      "  // bit recorded while only one slot of the pair waited holds that slot first, and one\n"
      "  // recorded while neither waited the smaller slot: both are right when the other\n"
      "  // slot(s) hit now, so two waiting slots simply keep their recorded order.\n"
      "  /// Per slot pair i < j (packed upper triangle): i ranks before j.\n"
      "  reg [{np_m1}:0] hit_before_q;\n"
      "  // The bit of pair (i, j), i < j, in the packed upper triangle: row i starts after the\n"
      "  // (S-1) + (S-2) + ... + (S-i) pairs of the rows above it.\n"
      "  function integer hit_pair;\n"
      "    input integer i;\n"
      "    input integer j;\n"
      "    hit_pair = i * ({s2m1} - i) / 2 + j - i - 1;\n"
      "  endfunction\n\n"
      "  reg [{s_m1}:0] hit_waiting;\n"
      "  reg [{np_m1}:0] hit_before_d;\n"
      "  integer c_hit, i_hit, j_hit;\n"
      "  always @* begin\n"
      "    for (c_hit = 0; c_hit < {s}; c_hit = c_hit + 1) begin\n"
      "      hit_waiting[c_hit] = |wpt_count_i[c_hit*{pb} +: {pb}];\n"
      "    end\n"
      "  end\n\n"
      "  // This cycle's order of every pair, which is also what the next cycle remembers.\n"
      "  always @* begin\n"
      "    hit_before_d = {{{np}{{1'b1}}}};\n"
      "    for (i_hit = 0; i_hit < {s}; i_hit = i_hit + 1) begin\n"
      "      for (j_hit = i_hit + 1; j_hit < {s}; j_hit = j_hit + 1) begin\n"
      "        if (hit_waiting[i_hit] != hit_waiting[j_hit]) begin\n"
      "          hit_before_d[{ij}] = hit_waiting[i_hit];\n"
      "        end else if (hit_waiting[i_hit]) begin\n"
      "          hit_before_d[{ij}] = hit_before_q[{ij}];\n"
      "        end\n"
      "      end\n"
      "    end\n"
      "  end\n\n"
      "  always @(posedge clk_i) begin\n"
      "    if (!rst_ni) begin\n"
      "      hit_before_q <= {{{np}{{1'b1}}}};  // the idle order: smaller slot first\n"
      "    end else begin\n"
      "      hit_before_q <= hit_before_d;\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("s", s), fmt::arg("s_m1", s - 1), fmt::arg("np", np), fmt::arg("np_m1", np - 1),
      fmt::arg("pb", l.count_bits), fmt::arg("ij", pair_index("i_hit", "j_hit")),
      fmt::arg("s2m1", 2 * s - 1));
}

std::string first_hit_cta_block(const std::string& has, const CtaLayout& l) {
  const unsigned s = l.num_cta_slots;
  const std::string first = "first_" + has;
  return fmt::format(
      "  // The critical CTA: the one of {has} that ranks before every other one of {has}.\n"
      "  reg [{s_m1}:0] {first};\n"
      "  reg {rc} critical_cta;\n"
      "  integer c_first, j_first;\n"
      "  always @* begin\n"
      "    critical_cta = {zc};\n"
      "    for (c_first = 0; c_first < {s}; c_first = c_first + 1) begin\n"
      "      {first}[c_first] = {has}[c_first];\n"
      "      for (j_first = 0; j_first < c_first; j_first = j_first + 1) begin\n"
      "        if ({has}[j_first] && hit_before_d[{jc}]) {first}[c_first] = 1'b0;\n"
      "      end\n"
      "      for (j_first = c_first + 1; j_first < {s}; j_first = j_first + 1) begin\n"
      "        if ({has}[j_first] && !hit_before_d[{cj}]) {first}[c_first] = 1'b0;\n"
      "      end\n"
      "      if ({first}[c_first]) critical_cta = c_first[{cb_m1}:0];\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("has", has), fmt::arg("first", first), fmt::arg("s", s), fmt::arg("s_m1", s - 1),
      fmt::arg("rc", range(l.cta_bits)), fmt::arg("zc", lit(l.cta_bits, 0)),
      fmt::arg("cb_m1", l.cta_bits - 1), fmt::arg("jc", pair_index("j_first", "c_first")),
      fmt::arg("cj", pair_index("c_first", "j_first")));
}

std::string saws_select_block(const std::string& mask, const std::string& what,
                              const std::string& greedy, const CtaLayout& l, unsigned warp_bits,
                              bool gto) {
  return first_hit_state_block(l) + cta_then_warp_select_block(mask, what, greedy, l, warp_bits,
                                                               gto, [&l](const std::string& has) {
                                                                 return first_hit_cta_block(has, l);
                                                               });
}

}  // namespace wf::gen
