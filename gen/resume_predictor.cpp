// Verilog for AWG's resume predictor (sim_model/blocks/resume_predictor.h).
#include "gen/resume_predictor.h"

#include <sstream>

#include "gen/module_name.h"
#include "gen/verilog.h"

namespace wf::gen {

namespace {

// The body after the localparams and the timer registers: every width comes from a localparam,
// so it is the same text for every configuration.
constexpr const char* kResumeBody = R"(
  // Expiry: now_i at or past the deadline, modulo 2^TIME_BITS (TIMEOUT < 2^(TIME_BITS-1)), so
  // the sign of now_i - deadline decides across a wrap of the count.
  reg [SLOTS-1:0] expired;
  reg [TIME_BITS-1:0] since_deadline;
  integer s_exp;
  always @* begin
    expired = {SLOTS{1'b0}};
    since_deadline = {TIME_BITS{1'b0}};
    for (s_exp = 0; s_exp < SLOTS; s_exp = s_exp + 1) begin
      since_deadline = now_i - deadline_q[s_exp*TIME_BITS +: TIME_BITS];
      expired[s_exp] = valid_q[s_exp] && !since_deadline[TIME_BITS-1];
    end
  end

  // The lowest expired slot: shown until taken.
  reg shown_valid;
  reg [SLOT_BITS-1:0] shown;
  integer s_shown;
  always @* begin
    shown_valid = 1'b0;
    shown = {SLOT_BITS{1'b0}};
    for (s_shown = SLOTS - 1; s_shown >= 0; s_shown = s_shown - 1) begin
      if (expired[s_shown]) begin
        shown_valid = 1'b1;
        shown = s_shown[SLOT_BITS-1:0];
      end
    end
  end

  // The slots left after the ack (the slot shown) and the cancel (its condition's slot); then
  // the met condition's slot among them and the lowest free one.
  reg [SLOTS-1:0] kept;
  reg hit, free;
  reg [SLOT_BITS-1:0] hit_slot, free_slot;
  integer s_find;
  always @* begin
    kept = valid_q;
    if (timeout_ack_i && shown_valid) kept[shown] = 1'b0;
    hit = 1'b0;
    free = 1'b0;
    hit_slot = {SLOT_BITS{1'b0}};
    free_slot = {SLOT_BITS{1'b0}};
    for (s_find = SLOTS - 1; s_find >= 0; s_find = s_find - 1) begin
      if (cancel_valid_i && cond_q[s_find*COND_BITS +: COND_BITS] == cancel_cond_i)
        kept[s_find] = 1'b0;
      if (kept[s_find]) begin
        if (cond_q[s_find*COND_BITS +: COND_BITS] == met_cond_i) begin
          hit = 1'b1;
          hit_slot = s_find[SLOT_BITS-1:0];
        end
      end else begin
        free = 1'b1;
        free_slot = s_find[SLOT_BITS-1:0];
      end
    end
  end

  // The rule: all if more than one waiter and more than two unique updates; a "one" guess
  // leaves waiters behind and needs a timer, and without one resumes all instead.
  wire many = met_waiters_i > ONE_WAITER;
  wire spread = met_unique_i > TWO_UPDATES;
  wire need_timer = met_valid_i && many && !spread;
  wire fallback = need_timer && !hit && !free;
  wire arm = need_timer && !fallback;
  wire [SLOT_BITS-1:0] arm_slot = hit ? hit_slot : free_slot;

  reg [SLOTS-1:0] valid_d;
  always @* begin
    valid_d = kept;
    if (arm) valid_d[arm_slot] = 1'b1;
    else if (met_valid_i && hit) valid_d[hit_slot] = 1'b0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= {SLOTS{1'b0}};
    end else begin
      valid_q <= valid_d;
      if (arm) begin
        cond_q[arm_slot*COND_BITS +: COND_BITS] <= met_cond_i;
        deadline_q[arm_slot*TIME_BITS +: TIME_BITS] <= now_i + TIMEOUT;
      end
    end
  end

  assign resume_all_o = met_valid_i && ((many && spread) || fallback);
  assign timeout_valid_o = shown_valid;
  assign timeout_cond_o = shown_valid ? cond_q[shown*COND_BITS +: COND_BITS] : {COND_BITS{1'b0}};

endmodule
)";

}  // namespace

std::string emit(const blocks::ResumePredictorParams& p) {
  const std::string module = module_name(p);
  const unsigned cb = p.cond_bits(), wb = p.waiter_bits(), ub = p.count_bits, tb = p.time_bits();
  const unsigned n = p.resume_timers;
  std::ostringstream s;
  s << file_header(
      blocks::ResumePredictor::kName, module,
      "AWG's resume predictor (ISCA 2020, sec. IV-E, V-A): a met condition resumes all its\n"
      "waiters if more than one waits and its address saw more than two unique updates, else\n"
      "one; a \"one\" that leaves waiters arms a timer (deadline now + timeout) whose expiry\n"
      "shows until taken, and the caller then resumes the rest. With every timer busy a \"one\"\n"
      "guess resumes all instead. The timers are flip-flops, searched every cycle.",
      blocks::param_list(p), blocks::ResumePredictorParams::describe());
  s << "\n";
  s << module_open(
      module,
      {{Port::kIn, 1, "met_valid_i", "A waiting condition was met (event)."},
       {Port::kIn, cb, "met_cond_i", "Its condition-cache entry: set x ways + way."},
       {Port::kIn, wb, "met_waiters_i", "Its waiters before this resume."},
       {Port::kIn, ub, "met_unique_i", "Unique updates to its address (saturating count)."},
       {Port::kIn, 1, "cancel_valid_i", "A condition's last waiter resumed (event)."},
       {Port::kIn, cb, "cancel_cond_i", "That condition: its timer, if any, is freed."},
       {Port::kIn, 1, "timeout_ack_i", "The expired timer shown this cycle is taken (event)."},
       {Port::kIn, tb, "now_i", "The cycle count, wrapping; held while idle."},
       {Port::kOut, 1, "resume_all_o", "The met condition resumes all its waiters, else one."},
       {Port::kOut, 1, "timeout_valid_o", "A timer expired: resume all of its condition."},
       {Port::kOut, cb, "timeout_cond_o", "The lowest expired timer's condition (0 if none)."}});
  s << "\n";
  s << fmt::format("  localparam SLOTS = {};\n", n);
  s << fmt::format("  localparam SLOT_BITS = {};\n", p.slot_bits());
  s << fmt::format("  localparam COND_BITS = {};\n", cb);
  s << fmt::format("  localparam TIME_BITS = {};\n", tb);
  s << fmt::format("  localparam [{}:0] TIMEOUT = {};\n", tb - 1, lit(tb, p.resume_timeout));
  s << fmt::format("  localparam [{}:0] ONE_WAITER = {};\n", wb - 1, lit(wb, 1));
  s << fmt::format("  localparam [{}:0] TWO_UPDATES = {};\n\n", ub - 1, lit(ub, 2));
  // Numeric ranges: the property wrapper reads these registers (expose).
  s << "  /// The timer slots: valid, the condition id, the deadline (now_i + TIMEOUT when "
       "armed).\n";
  s << "  /// Flip-flops, not a RAM: every slot is compared every cycle (a CAM).\n";
  s << fmt::format("  reg {} valid_q;\n", vector_range(n));
  s << fmt::format("  reg {} cond_q;\n", vector_range(n * cb));
  s << fmt::format("  reg {} deadline_q;\n", vector_range(n * tb));
  s << kResumeBody;
  return drop_unused_localparams(s.str());
}

}  // namespace wf::gen
