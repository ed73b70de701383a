// Formal properties of AWG's counting Bloom filters (sim_model/blocks/bloom_filter.h).
#include "gen/properties/bloom_filter.h"

#include <fmt/core.h>

#include <algorithm>

#include "gen/module_name.h"
#include "gen/properties/property_module.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::BloomFilterParams& p) {
  using B = blocks::BloomFilter;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const unsigned f = p.bloom_filters, bits = p.bloom_bits, c = p.count_bits;
  const unsigned fb = p.filter_bits(), hb = p.hash_bits(), ib = p.index_bits();
  m.expose("busy_q", 1);
  m.expose("insert_q", 1);
  m.expose("clear_q", 1);
  m.expose("filter_q", fb);
  m.expose("mask_q", bits);
  m.expose("rd_q", p.word_bits());
  m.expose("valid_q", f);
  m.expose("we", 1);
  m.expose("wdata", p.word_bits());
  // The filter RAM is a memory the wrapper cannot name, so the properties are stated over the
  // ports, the read register rd_q, the write port and the valid flip-flops: what one operation
  // reads, answers and writes. Together with the RAM's own semantics (a read returns the last
  // word written) they give the filter's: an inserted value's bits are written back with every
  // later insert (no false negatives) and the count goes up only for a value not held. None
  // needs an invariant over RAM contents, so induction closes in one step at every size.
  // The hash of the value at the request port, registered: the mask a request taken in the
  // previous cycle must have been looked up with. Derived from the parameters (hash_row,
  // hash_offset) in the shape of the RTL's, from the same input, so that the prover's
  // optimisation can merge equal logic: two differently shaped copies of 6 x 9 parities of 32
  // bits make SAT time out at the paper's sizes.
  std::string hashes;
  for (unsigned i = 0; i < p.bloom_hashes; ++i) {
    std::string row_bits;
    for (unsigned j = hb; j-- > 0;) {
      row_bits += fmt::format("{}^(req_value_i & {}'h{:x})", row_bits.empty() ? "" : ",\n      ",
                              p.value_bits, p.hash_row(i, j));
    }
    hashes += fmt::format(
        "  wire [{hb1}:0] spec_h{i} = {{\n      {rows}}} ^ {hb}'h{off:x};\n"
        "  wire [{pb1}:0] spec_p{i} = {{{{{ib}{{1'b0}}}}, spec_h{i}}} * {pb}'d{m};\n",
        fmt::arg("hb1", hb - 1), fmt::arg("i", i), fmt::arg("rows", row_bits), fmt::arg("hb", hb),
        fmt::arg("off", p.hash_offset(i)), fmt::arg("pb1", hb + ib - 1), fmt::arg("ib", ib),
        fmt::arg("pb", hb + ib), fmt::arg("m", bits));
  }
  std::string mask_bits;
  for (unsigned i = 0; i < p.bloom_hashes; ++i)
    mask_bits += fmt::format("    spec_mask[spec_p{}[{} +: {}]] = 1'b1;\n", i, hb, ib);
  m.logic(fmt::format(
      "  // The filter being served: whether it names one, holds values, and its word as read.\n"
      "  reg in_range, held;\n"
      "  integer f_chk;\n"
      "  always @* begin\n"
      "    in_range = 1'b0;\n"
      "    held = 1'b0;\n"
      "    for (f_chk = 0; f_chk < {f}; f_chk = f_chk + 1) begin\n"
      "      if ({{{fpad}filter_q}} == f_chk) begin\n"
      "        in_range = 1'b1;\n"
      "        held = valid_q[f_chk];\n"
      "      end\n"
      "    end\n"
      "  end\n"
      "\n"
      "  // The bits of the value at the request port: H3 with offsets, then (h x {m}) >> {hb}.\n"
      "{hashes}"
      "  reg [{m1}:0] spec_mask;\n"
      "  always @* begin\n"
      "    spec_mask = {m}'d0;\n"
      "{mask_bits}"
      "  end\n\n"
      "  // The previous cycle: its handshake, value, answer and valid bits.\n"
      "  reg past_accept_q;\n"
      "  reg [{m1}:0] past_mask_q;\n"
      "  reg past_answer_q, past_insert_q, past_clear_q;\n"
      "  reg {rf}past_filter_q;\n"
      "  reg {rvb}past_valid_bits_q;\n"
      "  always @(posedge clk_i) begin\n"
      "    past_accept_q <= req_valid_i && req_ready_o;\n"
      "    past_mask_q <= spec_mask;\n"
      "    past_answer_q <= resp_valid_o && in_range;\n"
      "    past_insert_q <= insert_q && !clear_q;\n"
      "    past_clear_q <= clear_q;\n"
      "    past_filter_q <= filter_q;\n"
      "    past_valid_bits_q <= valid_q;\n"
      "  end\n\n"
      "  wire [{m1}:0] read_bits = held ? rd_q[{m1}:0] : {m}'d0;\n"
      "  wire [{c1}:0] read_count = held ? rd_q[{m} +: {c}] : {c}'d0;\n"
      "  wire read_present = (read_bits & mask_q) == mask_q;\n"
      "  wire [{c1}:0] expected_count = read_count + {{{cpad}(insert_q && !clear_q && "
      "!read_present && read_count != {cmax})}};\n\n"
      "  // The valid bits after the previous cycle's operation.\n"
      "  reg {rvb}expected_valid;\n"
      "  integer f_exp;\n"
      "  always @* begin\n"
      "    expected_valid = past_valid_bits_q;\n"
      "    for (f_exp = 0; f_exp < {f}; f_exp = f_exp + 1) begin\n"
      "      if (past_answer_q && {{{fpad}past_filter_q}} == f_exp) begin\n"
      "        if (past_clear_q) expected_valid[f_exp] = 1'b0;\n"
      "        else if (past_insert_q) expected_valid[f_exp] = 1'b1;\n"
      "      end\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("rf", reg_range(fb)), fmt::arg("rvb", reg_range(f)), fmt::arg("m", bits),
      fmt::arg("m1", bits - 1), fmt::arg("hb", hb), fmt::arg("hashes", hashes),
      fmt::arg("mask_bits", mask_bits), fmt::arg("f", f),
      fmt::arg("fpad", fmt::format("{}'d0, ", 32 - fb)), fmt::arg("c", c), fmt::arg("c1", c - 1),
      fmt::arg("cpad", c > 1 ? fmt::format("{}'d0, ", c - 1) : ""),
      fmt::arg("cmax", lit(c, p.count_max()))));
  m.require("mask_is_hash", "!past_valid_q || !past_accept_q || mask_q == past_mask_q",
            "a request's value is looked up at the bits its K hashes name: H3 with offsets, "
            "then the multiply-shift range reduction");
  m.require("one_response_per_request", "!past_valid_q || resp_valid_o == past_accept_q",
            "each accepted request is answered in the next cycle, and only then");
  m.require("ready_exactly_when_not_answering", "req_ready_o == !resp_valid_o",
            "the block takes a request in every cycle it does not answer one (fixed latency 1)");
  m.require("present_iff_every_bit",
            "resp_present_o == (resp_valid_o && !clear_q && in_range && read_present)",
            "an insert or query answers present exactly when every bit of its value is set in "
            "the filter as read (a filter without values reads as zero); a clear never");
  m.require("count_up_exactly_when_new",
            "resp_count_o == (resp_valid_o && !clear_q && in_range ? expected_count : "
            "" + fmt::format("{}'d0)", c),
            "the count answered is the stored one, one more for an insert of a value not held "
            "unless saturated; 0 for a clear");
  m.require("count_saturates",
            fmt::format("!(resp_valid_o && insert_q && !clear_q && held && read_count == {0}) || "
                        "resp_count_o == {0}",
                        lit(c, p.count_max())),
            "a saturated count stays saturated: it never wraps");
  m.require("only_inserts_write", "we == (resp_valid_o && insert_q && !clear_q && in_range)",
            "the RAM is written by an insert of an existing filter only: queries and clears "
            "change no word");
  m.require("insert_keeps_every_bit",
            fmt::format("!we || (wdata[{m1}:0] == (read_bits | mask_q) && wdata[{m} +: {c}] == "
                        "resp_count_o)",
                        fmt::arg("m1", bits - 1), fmt::arg("m", bits), fmt::arg("c", c)),
            "an insert writes back every bit the filter held and the value's bits, with the "
            "count answered: no bit is lost, so an inserted value stays present (no false "
            "negatives) until a clear");
  m.require("valid_bits_follow_ops", "!past_valid_q || valid_q == expected_valid",
            "a clear empties its filter, an insert marks it holding, nothing else changes "
            "which filters hold values");
  m.require("reset_empties_every_filter",
            fmt::format("!past_reset_q || (valid_q == {} && !resp_valid_o)", lit(f, 0)),
            "reset empties every filter in one cycle and drops the request in flight");
  m.require("quiet_unless_answering",
            fmt::format("resp_valid_o || (!resp_present_o && resp_count_o == {})", lit(c, 0)),
            "present and count are 0 in cycles without an answer");
  // The base case must reach a saturated count and one insert more: a reset, then count_max + 1
  // inserts of new values, 2 cycles each; capped, as wider counts saturate in equivalence runs,
  // not in the bounded check.
  m.set_depth(std::min(2 * (p.count_max() + 1) + 4, 24u));
  m.invariant("mask_nonzero_when_busy", fmt::format("!busy_q || mask_q != {}", lit(bits, 0)),
              "a value sets at least one bit");
  return m.finish();
}

}  // namespace wf::gen
