#include "gen/snippets.h"

#include <fmt/core.h>

#include "gen/verilog.h"
#include "sim_model/blocks/params.h"

namespace wf::gen {

std::string ring_add_function(const std::string& name, unsigned n) {
  const unsigned wb = blocks::clog2(n);
  const unsigned sw = wb + 1;  // holds n and any base + step < 2n
  return fmt::format(
      "  // (base + step) mod {n}, for base < {n} and 1 <= step <= {n}: walks the ring of warps.\n"
      "  function {rw} {name};\n"
      "    input {rw} base;\n"
      "    input {rs} step;\n"
      "    reg {rs} sum;\n"
      "    begin\n"
      "      sum = {{1'b0, base}} + step;\n"
      "      if (sum >= {n_lit}) sum = sum - {n_lit};\n"
      "      {name} = sum[{wb_m1}:0];\n"
      "    end\n"
      "  endfunction\n\n",
      fmt::arg("n", n), fmt::arg("name", name), fmt::arg("rw", range(wb)),
      fmt::arg("rs", range(sw)), fmt::arg("n_lit", lit(sw, n)), fmt::arg("wb_m1", wb - 1));
}

std::string onehot_assign(const std::string& onehot, const std::string& valid,
                          const std::string& index, unsigned width) {
  return fmt::format("  assign {} = {} ? ({} << {}) : {};\n", onehot, valid, lit(width, 1), index,
                     lit(width, 0));
}

}  // namespace wf::gen

namespace wf::gen {

std::string per_warp_lookup(const std::string& out, const std::string& table,
                            const std::string& warp_cta, unsigned num_warps, unsigned num_cta_slots,
                            unsigned cta_bits, unsigned field_bits, const std::string& loop_tag) {
  const std::string w = "w_" + loop_tag, c = "c_" + loop_tag;
  return fmt::format(
      "  reg {rout} {out};\n"
      "  integer {w}, {c};\n"
      "  always @* begin\n"
      "    {out} = {zero};\n"
      "    for ({w} = 0; {w} < {n}; {w} = {w} + 1) begin\n"
      "      for ({c} = 0; {c} < {s}; {c} = {c} + 1) begin\n"
      "        if ({warp_cta}[{w}*{cb} +: {cb}] == {c}[{cb_m1}:0]) begin\n"
      "          {out}[{w}*{fb} +: {fb}] = {table}[{c}*{fb} +: {fb}];\n"
      "        end\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rout", range(num_warps * field_bits)), fmt::arg("out", out), fmt::arg("w", w),
      fmt::arg("c", c), fmt::arg("zero", lit(num_warps * field_bits, 0)), fmt::arg("n", num_warps),
      fmt::arg("s", num_cta_slots), fmt::arg("warp_cta", warp_cta), fmt::arg("cb", cta_bits),
      fmt::arg("cb_m1", cta_bits - 1), fmt::arg("fb", field_bits), fmt::arg("table", table));
}

std::string oldest_warp_block(const std::string& prefix, const std::string& mask,
                              const std::string& age, unsigned num_warps, unsigned age_bits) {
  const unsigned wb = blocks::clog2(num_warps);
  const std::string w = "w_" + prefix;
  return fmt::format(
      "  // Oldest warp of {mask}: smallest age; the upward scan with a strict '<' keeps the\n"
      "  // lower warp id on ties.\n"
      "  reg {p}_valid;\n"
      "  reg {rw} {p}_warp;\n"
      "  reg {ra} {p}_age;\n"
      "  integer {w};\n"
      "  always @* begin\n"
      "    {p}_valid = 1'b0;\n"
      "    {p}_warp  = {zw};\n"
      "    {p}_age   = {za};\n"
      "    for ({w} = 0; {w} < {n}; {w} = {w} + 1) begin\n"
      "      if ({mask}[{w}] && (!{p}_valid || {age}[{w}*{ab} +: {ab}] < {p}_age)) begin\n"
      "        {p}_valid = 1'b1;\n"
      "        {p}_warp  = {w}[{wb_m1}:0];\n"
      "        {p}_age   = {age}[{w}*{ab} +: {ab}];\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("p", prefix), fmt::arg("mask", mask), fmt::arg("age", age),
      fmt::arg("rw", range(wb)), fmt::arg("ra", range(age_bits)), fmt::arg("w", w),
      fmt::arg("zw", lit(wb, 0)), fmt::arg("za", lit(age_bits, 0)), fmt::arg("n", num_warps),
      fmt::arg("ab", age_bits), fmt::arg("wb_m1", wb - 1));
}

std::string lowest_warp_block(const std::string& prefix, const std::string& mask,
                              unsigned num_warps) {
  const unsigned wb = blocks::clog2(num_warps);
  const std::string w = "w_" + prefix;
  return fmt::format(
      "  // Lowest warp id set in {mask}: the downward scan assigns it last.\n"
      "  reg {p}_valid;\n"
      "  reg {rw} {p}_warp;\n"
      "  integer {w};\n"
      "  always @* begin\n"
      "    {p}_valid = 1'b0;\n"
      "    {p}_warp  = {zw};\n"
      "    for ({w} = {n_m1}; {w} >= 0; {w} = {w} - 1) begin\n"
      "      if ({mask}[{w}]) begin\n"
      "        {p}_valid = 1'b1;\n"
      "        {p}_warp  = {w}[{wb_m1}:0];\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("p", prefix), fmt::arg("mask", mask), fmt::arg("rw", range(wb)), fmt::arg("w", w),
      fmt::arg("zw", lit(wb, 0)), fmt::arg("n_m1", num_warps - 1), fmt::arg("wb_m1", wb - 1));
}

std::string round_robin_block(const std::string& prefix, const std::string& mask,
                              const std::string& last, unsigned num_warps) {
  const unsigned wb = blocks::clog2(num_warps);
  const std::string step = "step_" + prefix;
  return fmt::format(
      "  // First warp of {mask} after {last}, round the ring ({last} itself last). The scan\n"
      "  // runs from the far end back so the nearest candidate is assigned last and wins.\n"
      "  reg {p}_valid;\n"
      "  reg {rw} {p}_warp;\n"
      "  reg {rw} {p}_candidate;\n"
      "  integer {step};\n"
      "  always @* begin\n"
      "    {p}_valid     = 1'b0;\n"
      "    {p}_warp      = {zw};\n"
      "    {p}_candidate = {zw};\n"
      "    for ({step} = {n}; {step} >= 1; {step} = {step} - 1) begin\n"
      "      {p}_candidate = ring_add({last}, {step}[{wb}:0]);\n"
      "      if ({mask}[{p}_candidate]) begin\n"
      "        {p}_valid = 1'b1;\n"
      "        {p}_warp  = {p}_candidate;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("p", prefix), fmt::arg("mask", mask), fmt::arg("last", last),
      fmt::arg("rw", range(wb)), fmt::arg("step", step), fmt::arg("zw", lit(wb, 0)),
      fmt::arg("n", num_warps), fmt::arg("wb", wb));
}

}  // namespace wf::gen
