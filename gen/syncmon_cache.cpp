// Verilog for AWG's SyncMon condition cache and waiting-WG list
// (sim_model/blocks/syncmon_cache.h).
#include "gen/syncmon_cache.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/verilog.h"

namespace wf::gen {

namespace {

// The body after the localparams: every width comes from a localparam, so it is the same text
// for every configuration.
constexpr const char* kSyncmonBody = R"(
  localparam [1:0] IDLE   = 2'd0;  // ready for a request
  localparam [1:0] LOOKUP = 2'd1;  // the set has been read: respond, a wait writes
  localparam [1:0] POP    = 2'd2;  // a waiter leaves the head of its list, one per cycle

  /// The condition cache: one word per set, its ways side by side (way w in
  /// [w*ENTRY_BITS +: ENTRY_BITS] = {tail, head, value, addr}); one registered read port.
  reg [ROW_BITS-1:0] cache_mem [0:SETS-1];
  /// The waiting-WG list: each entry's WG id and next pointer, in two RAMs so that a wait
  /// writes its entry's id and the old tail's next pointer in the same cycle.
  reg [WG_BITS-1:0] wg_id_mem [0:ENTRIES-1];
  reg [PTR_BITS-1:0] next_mem [0:ENTRIES-1];
  /// The RAMs' read registers.
  reg [ROW_BITS-1:0] row_q;
  reg [WG_BITS-1:0] wg_rd_q;
  reg [PTR_BITS-1:0] next_rd_q;

  /// Controller state and the request being served.
  reg [1:0] state_q;
  reg update_q;
  reg all_q;
  reg [ADDR_BITS-1:0] addr_q;
  reg [VALUE_BITS-1:0] value_q;
  reg [WG_BITS-1:0] wg_q;
  reg [SET_BITS-1:0] set_q;
  /// The way being popped and its head entry.
  reg [WAY_BITS-1:0] way_q;
  reg [PTR_BITS-1:0] head_q;
  /// The valid bit of every way (flip-flops, so that reset empties the cache).
  reg [SETS*WAYS-1:0] valid_q;
  /// WG-list entries in use; entries [bump_q, ENTRIES) were never used; the bump_q - used_q
  /// others free are linked from free_head_q.
  reg [USED_BITS-1:0] used_q;
  reg [USED_BITS-1:0] bump_q;
  reg [PTR_BITS-1:0] free_head_q;

  wire accept = state_q == IDLE && req_valid_i;

  // The set read: a way holding the condition (the lowest), and the lowest free way.
  integer w_lookup, set_base, hit_way, free_way;
  reg hit, set_full;
  always @* begin
    set_base = {{(32-SET_BITS){1'b0}}, set_q} * WAYS;
    hit = 1'b0;
    hit_way = 0;
    free_way = 0;
    set_full = 1'b1;
    for (w_lookup = WAYS - 1; w_lookup >= 0; w_lookup = w_lookup - 1) begin
      if (valid_q[set_base + w_lookup]) begin
        if (row_q[w_lookup*ENTRY_BITS +: ADDR_BITS] == addr_q &&
            row_q[w_lookup*ENTRY_BITS + ADDR_BITS +: VALUE_BITS] == value_q) begin
          hit = 1'b1;
          hit_way = w_lookup;
        end
      end else begin
        set_full = 1'b0;
        free_way = w_lookup;
      end
    end
  end

  // A wait is refused when the WG list has no free entry, or the condition is new and its set
  // has no free way. The new WG-list entry: a returned one if any, else a never-used one.
  wire linked = bump_q != used_q;
  wire full = used_q == ENTRIES_USED || (!hit && set_full);
  wire [PTR_BITS-1:0] entry = linked ? free_head_q : bump_q[PTR_BITS-1:0];

  reg [1:0] state_d;
  reg [WAY_BITS-1:0] way_d;
  reg [PTR_BITS-1:0] head_d;
  reg [SETS*WAYS-1:0] valid_d;
  reg [USED_BITS-1:0] used_d;
  reg [USED_BITS-1:0] bump_d;
  reg [PTR_BITS-1:0] free_head_d;
  reg [ROW_BITS-1:0] row_d;
  reg cache_we, wg_id_we, next_we, wg_rd_en, next_rd_en;
  reg [PTR_BITS-1:0] next_waddr, next_wdata, rd_addr;
  integer hit_base, pop_way, pop_base;
  always @* begin
    state_d = state_q;
    way_d = way_q;
    head_d = head_q;
    valid_d = valid_q;
    used_d = used_q;
    bump_d = bump_q;
    free_head_d = free_head_q;
    row_d = row_q;
    cache_we = 1'b0;
    wg_id_we = 1'b0;
    next_we = 1'b0;
    wg_rd_en = 1'b0;
    next_rd_en = 1'b0;
    next_waddr = free_head_q;
    next_wdata = free_head_q;
    rd_addr = free_head_q;
    hit_base = hit_way * ENTRY_BITS;
    pop_way = {{(32-WAY_BITS){1'b0}}, way_q};
    pop_base = pop_way * ENTRY_BITS;
    case (state_q)
      IDLE: begin
        if (req_valid_i) begin
          // The free head's successor, in case this is a wait that takes the free head.
          state_d = LOOKUP;
          next_rd_en = 1'b1;
        end
      end
      LOOKUP: begin
        state_d = IDLE;
        if (update_q) begin
          if (hit) begin
            state_d = POP;
            way_d = hit_way[WAY_BITS-1:0];
            head_d = row_q[hit_base + HEAD_LSB +: PTR_BITS];
            rd_addr = head_d;
            wg_rd_en = 1'b1;
            next_rd_en = 1'b1;
          end
        end else if (!full) begin
          wg_id_we = 1'b1;
          cache_we = 1'b1;
          used_d = used_q + ONE_USED;
          if (linked) free_head_d = next_rd_q;
          else bump_d = bump_q + ONE_USED;
          if (hit) begin
            // Append at the tail.
            next_we = 1'b1;
            next_waddr = row_q[hit_base + TAIL_LSB +: PTR_BITS];
            next_wdata = entry;
            row_d[hit_base + TAIL_LSB +: PTR_BITS] = entry;
          end else begin
            row_d[free_way*ENTRY_BITS +: ENTRY_BITS] = {entry, entry, value_q, addr_q};
            valid_d[set_base + free_way] = 1'b1;
          end
        end
      end
      POP: begin
        // The popped entry returns to the free list.
        next_we = 1'b1;
        next_waddr = head_q;
        next_wdata = free_head_q;
        free_head_d = head_q;
        used_d = used_q - ONE_USED;
        if (head_q == row_q[pop_base + TAIL_LSB +: PTR_BITS]) begin
          // The last waiter: the condition leaves the cache.
          valid_d[set_base + pop_way] = 1'b0;
          state_d = IDLE;
        end else begin
          head_d = next_rd_q;
          if (all_q) begin
            rd_addr = next_rd_q;
            wg_rd_en = 1'b1;
            next_rd_en = 1'b1;
          end else begin
            row_d[pop_base + HEAD_LSB +: PTR_BITS] = next_rd_q;
            cache_we = 1'b1;
            state_d = IDLE;
          end
        end
      end
      default: state_d = IDLE;
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= IDLE;
      update_q <= 1'b0;
      all_q <= 1'b0;
      addr_q <= {ADDR_BITS{1'b0}};
      value_q <= {VALUE_BITS{1'b0}};
      wg_q <= {WG_BITS{1'b0}};
      set_q <= {SET_BITS{1'b0}};
      way_q <= {WAY_BITS{1'b0}};
      head_q <= {PTR_BITS{1'b0}};
      valid_q <= {(SETS*WAYS){1'b0}};
      used_q <= {USED_BITS{1'b0}};
      bump_q <= {USED_BITS{1'b0}};
      free_head_q <= {PTR_BITS{1'b0}};
    end else begin
      state_q <= state_d;
      way_q <= way_d;
      head_q <= head_d;
      valid_q <= valid_d;
      used_q <= used_d;
      bump_q <= bump_d;
      free_head_q <= free_head_d;
      if (accept) begin
        update_q <= req_update_i;
        all_q <= req_all_i;
        addr_q <= req_addr_i;
        value_q <= req_value_i;
        wg_q <= req_wg_i;
        set_q <= req_set;
      end
    end
  end

  // The RAMs: not reset; no port moves during reset.
  always @(posedge clk_i) begin
    if (rst_ni && accept) row_q <= cache_mem[req_set];
    if (rst_ni && cache_we) cache_mem[set_q] <= row_d;
  end
  always @(posedge clk_i) begin
    if (rst_ni && wg_rd_en) wg_rd_q <= wg_id_mem[rd_addr];
    if (rst_ni && wg_id_we) wg_id_mem[entry] <= wg_q;
  end
  always @(posedge clk_i) begin
    if (rst_ni && next_rd_en) next_rd_q <= next_mem[rd_addr];
    if (rst_ni && next_we) next_mem[next_waddr] <= next_wdata;
  end

  assign req_ready_o = state_q == IDLE;
  assign resp_valid_o = state_q == LOOKUP;
  assign resp_hit_o = state_q == LOOKUP && hit;
  assign resp_full_o = state_q == LOOKUP && !update_q && full;
  assign wg_valid_o = state_q == POP;
  assign wg_o = state_q == POP ? wg_rd_q : {WG_BITS{1'b0}};

endmodule
)";

std::string syncmon_hex_lit(unsigned width, std::uint64_t value) {
  return fmt::format("{}'h{:x}", width, value);
}

}  // namespace

std::string emit(const blocks::SyncmonCacheParams& p) {
  const std::string module = module_name(p);
  const unsigned a = p.addr_bits, v = p.value_bits, g = p.wg_bits, k = p.key_bits();
  std::ostringstream s;
  s << file_header(
      blocks::SyncmonCache::kName, module,
      "SyncMon condition cache with its waiting-WG list (AWG, ISCA 2020, sec. IV-V):\n"
      "register a waiter for (address, value); an update that meets a cached condition\n"
      "resumes one or all of its waiters (FIFO), one per cycle. resp_full refuses a waiter\n"
      "(no free WG-list entry, or no free way for a new condition): the caller spills it.\n"
      "A request is accepted when idle; cycle 1 responds; pops follow one per cycle.\n"
      "The cache and the WG list are RAMs with registered read ports.",
      blocks::param_list(p), blocks::SyncmonCacheParams::describe());
  s << "\n";
  s << module_open(
      module,
      {{Port::kIn, 1, "req_valid_i", "A request (accepted when req_ready_o)."},
       {Port::kIn, 1, "req_update_i", "0: wait (register a waiter), 1: update (a write)."},
       {Port::kIn, 1, "req_all_i", "Update: resume every waiter of the condition, else one."},
       {Port::kIn, a, "req_addr_i", "Monitored word address."},
       {Port::kIn, v, "req_value_i", "Awaited (wait) or written (update) value."},
       {Port::kIn, g, "req_wg_i", "Wait: the waiting WG."},
       {Port::kOut, 1, "req_ready_o", "Idle: a request is accepted."},
       {Port::kOut, 1, "resp_valid_o", "The response to the request accepted last cycle."},
       {Port::kOut, 1, "resp_hit_o", "The condition was cached (update: it is met)."},
       {Port::kOut, 1, "resp_full_o", "Wait refused: spill the waiter to the Monitor Log."},
       {Port::kOut, 1, "wg_valid_o", "A waiter resumes."},
       {Port::kOut, g, "wg_o", "The WG resumed (0 when none)."}});
  s << "\n";
  s << fmt::format("  localparam SETS = {};\n", p.cache_sets);
  s << fmt::format("  localparam WAYS = {};\n", p.cache_ways);
  s << fmt::format("  localparam ENTRIES = {};\n", p.wg_entries);
  s << fmt::format("  localparam ADDR_BITS = {};\n", a);
  s << fmt::format("  localparam VALUE_BITS = {};\n", v);
  s << fmt::format("  localparam WG_BITS = {};\n", g);
  s << fmt::format("  localparam SET_BITS = {};\n", p.set_bits());
  s << fmt::format("  localparam WAY_BITS = {};\n", p.way_bits());
  s << fmt::format("  localparam PTR_BITS = {};\n", p.ptr_bits());
  s << fmt::format("  localparam USED_BITS = {};\n", p.used_bits());
  s << fmt::format("  localparam ENTRY_BITS = {};\n", p.entry_bits());
  s << fmt::format("  localparam ROW_BITS = {};\n", p.entry_bits() * p.cache_ways);
  s << "  localparam HEAD_LSB = ADDR_BITS + VALUE_BITS;\n";
  s << "  localparam TAIL_LSB = HEAD_LSB + PTR_BITS;\n";
  s << fmt::format("  localparam [USED_BITS-1:0] ENTRIES_USED = {};\n",
                   lit(p.used_bits(), p.wg_entries));
  s << fmt::format("  localparam [USED_BITS-1:0] ONE_USED = {};\n", lit(p.used_bits(), 1));
  s << fmt::format("  localparam SHIFT = {};\n", p.shift());
  s << fmt::format("  localparam KEY_BITS = {};\n\n", k);
  s << "  // The set of a request: an H3 hash (Carter-Wegman) of\n"
       "  // (address << (log2(entries) - log2(line size))) | value; bit i = parity(key & Q_i).\n";
  s << "  reg [KEY_BITS-1:0] hash_key;\n";
  s << "  always @* begin\n";
  s << "    hash_key = {KEY_BITS{1'b0}};\n";
  s << "    hash_key[SHIFT +: ADDR_BITS] = req_addr_i;\n";
  s << "    hash_key[VALUE_BITS-1:0] = hash_key[VALUE_BITS-1:0] | req_value_i;\n";
  s << "  end\n";
  s << "  wire [SET_BITS-1:0] req_set;\n";
  for (unsigned i = 0; i < p.set_bits(); ++i) {
    s << fmt::format("  assign req_set[{}] = ^(hash_key & {});\n", i,
                     syncmon_hex_lit(k, p.hash_row(i)));
  }
  // The registers the property wrapper reads are declared with numeric ranges, as the
  // wrapper's `expose` (and the properties test) expect.
  std::string body = kSyncmonBody;
  const auto numeric = [&body](const std::string& decl, unsigned width, const std::string& name) {
    const auto at = body.find(decl);
    if (at != std::string::npos)
      body.replace(at, decl.size(), fmt::format("reg {}{};", reg_range(width), name));
  };
  numeric("reg [ROW_BITS-1:0] row_q;", p.entry_bits() * p.cache_ways, "row_q");
  numeric("reg [ADDR_BITS-1:0] addr_q;", a, "addr_q");
  numeric("reg [VALUE_BITS-1:0] value_q;", v, "value_q");
  numeric("reg [SET_BITS-1:0] set_q;", p.set_bits(), "set_q");
  numeric("reg [SETS*WAYS-1:0] valid_q;", p.cache_sets * p.cache_ways, "valid_q");
  numeric("reg [USED_BITS-1:0] used_q;", p.used_bits(), "used_q");
  numeric("reg [USED_BITS-1:0] bump_q;", p.used_bits(), "bump_q");
  s << body;
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
