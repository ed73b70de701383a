// Verilog for AWG's bank of counting Bloom filters (sim_model/blocks/bloom_filter.h).
#include "gen/bloom_filter.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/verilog.h"

namespace wf::gen {

namespace {

// The body after the hashes: every width comes from a localparam, so it is the same text for
// every configuration.
constexpr const char* kBloomBody = R"(
  /// The filters: one word per filter, {count, bits}; one registered read port, one write port.
  reg [WORD_BITS-1:0] filter_mem [0:FILTERS-1];
  /// The RAM's read register: the word of the filter being served.
  reg [WORD_BITS-1:0] rd_q;

  /// A request is being served (answered this cycle).
  reg busy_q;
  reg insert_q;
  reg clear_q;
  reg [FILTER_BITS-1:0] filter_q;
  /// The bits of the request's value, one per hash.
  reg [BITS-1:0] mask_q;
  /// A filter holds values (flip-flops, so that reset and clear empty a filter in one cycle
  /// without touching the RAM: a filter whose bit is clear reads as zero).
  reg [FILTERS-1:0] valid_q;

  wire accept = !busy_q && req_valid_i;
  wire in_range = IN_RANGE_EXPR;
  wire held = in_range && valid_q[filter_q];
  wire [BITS-1:0] old_bits = held ? rd_q[BITS-1:0] : {BITS{1'b0}};
  wire [COUNT_BITS-1:0] old_count = held ? rd_q[BITS +: COUNT_BITS] : {COUNT_BITS{1'b0}};
  // Every bit of the value set: inserted before, or a false positive.
  wire present = (old_bits & mask_q) == mask_q;
  // A unique update: counted unless the count is saturated (the bits are set either way).
  wire bump = insert_q && !present && old_count != COUNT_MAX;
  wire [COUNT_BITS-1:0] new_count = old_count + {{(COUNT_BITS-1){1'b0}}, bump};
  wire answer = busy_q && in_range && !clear_q;

  /// The write port: an insert writes the word back with the value's bits and the new count.
  reg we;
  reg [WORD_BITS-1:0] wdata;
  always @* begin
    we = answer && insert_q;
    wdata = {new_count, old_bits | mask_q};
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      insert_q <= 1'b0;
      clear_q <= 1'b0;
      filter_q <= {FILTER_BITS{1'b0}};
      mask_q <= {BITS{1'b0}};
      valid_q <= {FILTERS{1'b0}};
    end else begin
      busy_q <= accept;
      if (accept) begin
        insert_q <= req_insert_i;
        clear_q <= req_clear_i;
        filter_q <= req_filter_i;
        mask_q <= req_mask;
      end
      if (busy_q && in_range && clear_q) valid_q[filter_q] <= 1'b0;
      if (we) valid_q[filter_q] <= 1'b1;
    end
  end

  // The RAM: not reset; no port moves during reset.
  always @(posedge clk_i) begin
    if (rst_ni && accept) rd_q <= filter_mem[req_filter_i];
    if (rst_ni && we) filter_mem[filter_q] <= wdata;
  end

  assign req_ready_o = !busy_q;
  assign resp_valid_o = busy_q;
  assign resp_present_o = answer && present;
  assign resp_count_o = answer ? new_count : {COUNT_BITS{1'b0}};

endmodule
)";

std::string bloom_hex_lit(unsigned width, std::uint64_t value) {
  return fmt::format("{}'h{:x}", width, value);
}

}  // namespace

std::string emit(const blocks::BloomFilterParams& p) {
  const std::string module = module_name(p);
  const unsigned b = p.hash_bits(), ib = p.index_bits(), fb = p.filter_bits();
  std::ostringstream s;
  s << file_header(
      blocks::BloomFilter::kName, module,
      "AWG's counting Bloom filters (ISCA 2020, sec. IV-A, V-C): one per monitored address,\n"
      "counting the unique values written to it. Query, insert (a value not held sets its\n"
      "bits and counts, saturating) or clear one filter; the answer (present, count) comes\n"
      "the cycle after the request. The filters are a RAM with a registered read port.",
      blocks::param_list(p), blocks::BloomFilterParams::describe());
  s << "\n";
  s << module_open(
      module, {{Port::kIn, 1, "req_valid_i", "A request (accepted when req_ready_o)."},
               {Port::kIn, 1, "req_insert_i", "1: insert the value (an update), 0: query it."},
               {Port::kIn, 1, "req_clear_i", "Clear the filter (wins over req_insert_i)."},
               {Port::kIn, fb, "req_filter_i", "The filter (monitored address slot)."},
               {Port::kIn, p.value_bits, "req_value_i", "The value written or asked about."},
               {Port::kOut, 1, "req_ready_o", "Idle: a request is accepted."},
               {Port::kOut, 1, "resp_valid_o", "The answer to the request accepted last cycle."},
               {Port::kOut, 1, "resp_present_o",
                "Every bit of the value was set: inserted before, or a false positive."},
               {Port::kOut, p.count_bits, "resp_count_o",
                "The unique-update count after the operation (0 for a clear)."}});
  s << "\n";
  s << fmt::format("  localparam FILTERS = {};\n", p.bloom_filters);
  s << fmt::format("  localparam BITS = {};\n", p.bloom_bits);
  s << fmt::format("  localparam COUNT_BITS = {};\n", p.count_bits);
  s << fmt::format("  localparam WORD_BITS = {};\n", p.word_bits());
  s << fmt::format("  localparam FILTER_BITS = {};\n", fb);
  s << fmt::format("  localparam HASH_BITS = {};\n", b);
  s << fmt::format("  localparam INDEX_BITS = {};\n", ib);
  s << fmt::format("  localparam [COUNT_BITS-1:0] COUNT_MAX = {};\n",
                   lit(p.count_bits, p.count_max()));
  s << fmt::format("  localparam [HASH_BITS+INDEX_BITS-1:0] BITS_WIDE = {};\n\n",
                   lit(b + ib, p.bloom_bits));
  s << "  // The bits of the request's value. Hash i: H3 (Carter-Wegman) with an offset to\n"
       "  // HASH_BITS bits, bit j = parity(value & Q_ij) ^ c_ij; then the range reduction\n"
       "  // (h x BITS) >> HASH_BITS, whose low HASH_BITS bits (the fraction) are dropped.\n";
  s << "  reg [BITS-1:0] req_mask;\n";
  s << "  /* verilator lint_off UNUSED */\n";
  for (unsigned i = 0; i < p.bloom_hashes; ++i) {
    std::string bits;
    for (unsigned j = b; j-- > 0;) {
      bits += fmt::format("{}^(req_value_i & {})", bits.empty() ? "" : ",\n      ",
                          bloom_hex_lit(p.value_bits, p.hash_row(i, j)));
    }
    s << fmt::format("  wire [HASH_BITS-1:0] req_hash_{} = {{\n      {}}} ^ {};\n", i, bits,
                     bloom_hex_lit(b, p.hash_offset(i)));
    s << fmt::format(
        "  wire [HASH_BITS+INDEX_BITS-1:0] req_prod_{0} = {{{{INDEX_BITS{{1'b0}}}}, "
        "req_hash_{0}}} * BITS_WIDE;\n",
        i);
  }
  s << "  /* verilator lint_on UNUSED */\n";
  s << "  always @* begin\n";
  s << "    req_mask = {BITS{1'b0}};\n";
  for (unsigned i = 0; i < p.bloom_hashes; ++i)
    s << fmt::format("    req_mask[req_prod_{}[HASH_BITS +: INDEX_BITS]] = 1'b1;\n", i);
  s << "  end\n";
  std::string body = kBloomBody;
  // A filter index names a filter whatever its bits when the count is a power of two.
  const bool pow2 = (p.bloom_filters & (p.bloom_filters - 1)) == 0;
  const std::string in_range =
      pow2 ? "1'b1" : fmt::format("filter_q < {}", lit(fb, p.bloom_filters));
  body.replace(body.find("IN_RANGE_EXPR"), 13, in_range);
  // A one-bit count adds the bump as it is (a zero-width replication is not Verilog-2005).
  if (p.count_bits == 1) {
    const std::string pad = "{{(COUNT_BITS-1){1'b0}}, bump}";
    body.replace(body.find(pad), pad.size(), "bump");
  }
  // The registers the property wrapper reads are declared with numeric ranges, as the
  // wrapper's `expose` (and the properties test) expect.
  const auto numeric = [&body](const std::string& decl, unsigned width, const std::string& name) {
    const auto at = body.find(decl);
    if (at != std::string::npos)
      body.replace(at, decl.size(), fmt::format("reg {}{};", reg_range(width), name));
  };
  numeric("reg [WORD_BITS-1:0] rd_q;", p.word_bits(), "rd_q");
  numeric("reg [FILTER_BITS-1:0] filter_q;", fb, "filter_q");
  numeric("reg [BITS-1:0] mask_q;", p.bloom_bits, "mask_q");
  numeric("reg [FILTERS-1:0] valid_q;", p.bloom_filters, "valid_q");
  numeric("reg [WORD_BITS-1:0] wdata;", p.word_bits(), "wdata");
  s << body;
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
