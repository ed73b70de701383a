// Formal properties of AWG's resume predictor (sim_model/blocks/resume_predictor.h).
#include "gen/properties/resume_predictor.h"

#include <fmt/core.h>

#include <algorithm>

#include "gen/module_name.h"
#include "gen/properties/property_module.h"
#include "gen/verilog.h"

namespace wf::gen {

PropertySet emit_properties(const blocks::ResumePredictorParams& p) {
  using B = blocks::ResumePredictor;
  PropertyModule m(module_name(p), B::in_ports(p, {}), B::out_ports(p, {}));
  const unsigned n = p.resume_timers, cb = p.cond_bits(), tb = p.time_bits();
  const unsigned wb = p.waiter_bits(), ub = p.count_bits;
  // Real time since a slot was armed, counted by the wrapper, saturating at the end of the
  // window in which an expired slot must show: 2^(tb-1) cycles past the deadline.
  const unsigned window_end = (1u << (tb - 1)) + p.resume_timeout;
  m.expose("valid_q", n);
  m.expose("cond_q", n * cb);
  m.expose("deadline_q", n * tb);
  m.assume(
      "now_is_a_cycle_count",
      fmt::format("!past_valid_q || now_i == past_now_q || now_i == past_now_q + {}", lit(tb, 1)),
      "now_i is the caller's wrapping cycle count: it advances by one per cycle or holds");
  m.logic(fmt::format(
      "  // The slots as vectors (a one-slot block's registers are one bit wide).\n"
      "  wire [{n1}:0] slot_valid = valid_q;\n"
      "  wire [{ncb1}:0] slot_cond = cond_q;\n"
      "  wire [{ntb1}:0] slot_deadline = deadline_q;\n\n"
      "  // The rule, re-derived from the ports and the slots. The slot the ack takes is the one\n"
      "  // holding the condition shown (one slot per condition), so this does not repeat the\n"
      "  // block's expiry compare.\n"
      "  wire many = met_waiters_i > {wb_one};\n"
      "  wire spread = met_unique_i > {ub_two};\n"
      "  wire ack_taken = timeout_ack_i && timeout_valid_o;\n"
      "  reg cond_has_slot, slot_left_free;\n"
      "  integer s_rule;\n"
      "  always @* begin\n"
      "    cond_has_slot = 1'b0;\n"
      "    slot_left_free = 1'b0;\n"
      "    for (s_rule = 0; s_rule < {n}; s_rule = s_rule + 1) begin\n"
      "      if (slot_valid[s_rule] &&\n"
      "          !(ack_taken && slot_cond[s_rule*{cb} +: {cb}] == timeout_cond_o) &&\n"
      "          !(cancel_valid_i && slot_cond[s_rule*{cb} +: {cb}] == cancel_cond_i)) begin\n"
      "        if (slot_cond[s_rule*{cb} +: {cb}] == met_cond_i) cond_has_slot = 1'b1;\n"
      "      end else begin\n"
      "        slot_left_free = 1'b1;\n"
      "      end\n"
      "    end\n"
      "  end\n"
      "  wire no_slot = !cond_has_slot && !slot_left_free;\n"
      "  wire one_guess = met_valid_i && many && !spread && !no_slot;\n\n"
      "  // The previous cycle: its events, its guess, the time, the slots.\n"
      "  reg [{tb1}:0] past_now_q;\n"
      "  reg past_met_q, past_one_guess_q, past_cancel_q, past_ack_q;\n"
      "  reg [{cb1}:0] past_met_cond_q, past_cancel_cond_q, past_shown_cond_q;\n"
      "  reg [{n1}:0] past_slot_valid_q;\n"
      "  reg [{ncb1}:0] past_slot_cond_q;\n"
      "  reg [{ntb1}:0] past_slot_deadline_q;\n"
      "  always @(posedge clk_i) begin\n"
      "    past_now_q <= now_i;\n"
      "    past_met_q <= met_valid_i;\n"
      "    past_one_guess_q <= one_guess;\n"
      "    past_cancel_q <= cancel_valid_i;\n"
      "    past_ack_q <= ack_taken;\n"
      "    past_met_cond_q <= met_cond_i;\n"
      "    past_cancel_cond_q <= cancel_cond_i;\n"
      "    past_shown_cond_q <= timeout_cond_o;\n"
      "    past_slot_valid_q <= slot_valid;\n"
      "    past_slot_cond_q <= slot_cond;\n"
      "    past_slot_deadline_q <= slot_deadline;\n"
      "  end\n"
      "  wire [{tb1}:0] armed_deadline = past_now_q + {timeout};\n\n"
      "  // Per slot: armed by the previous cycle's guess; real time since armed (now_i's\n"
      "  // steps), saturating at {window_end} = 2^{tb_m1} + timeout.\n"
      "  wire [{tb1}:0] now_step = now_i - past_now_q;\n"
      "  reg [{ntb1}:0] elapsed_q;\n"
      "  reg [{ntb1}:0] elapsed;\n"
      "  reg [{tb}:0] elapsed_sum;\n"
      "  reg [{n1}:0] armed_now, changed;\n"
      "  integer s_time;\n"
      "  always @* begin\n"
      "    elapsed = elapsed_q;\n"
      "    elapsed_sum = {tb_p1}'d0;\n"
      "    for (s_time = 0; s_time < {n}; s_time = s_time + 1) begin\n"
      "      armed_now[s_time] = past_valid_q && past_one_guess_q && slot_valid[s_time] &&\n"
      "                          slot_cond[s_time*{cb} +: {cb}] == past_met_cond_q;\n"
      "      changed[s_time] = slot_valid[s_time] && (!past_slot_valid_q[s_time] ||\n"
      "          slot_cond[s_time*{cb} +: {cb}] != past_slot_cond_q[s_time*{cb} +: {cb}] ||\n"
      "          slot_deadline[s_time*{tb} +: {tb}] != past_slot_deadline_q[s_time*{tb} +: "
      "{tb}]);\n"
      "      elapsed_sum = {{1'b0, elapsed_q[s_time*{tb} +: {tb}]}} + {{1'b0, now_step}};\n"
      "      if (armed_now[s_time]) elapsed[s_time*{tb} +: {tb}] = now_step;\n"
      "      else if (elapsed_sum >= {tb_p1}'d{window_end})\n"
      "        elapsed[s_time*{tb} +: {tb}] = {tb}'d{window_end};\n"
      "      else elapsed[s_time*{tb} +: {tb}] = elapsed_sum[{tb1}:0];\n"
      "    end\n"
      "  end\n"
      "  always @(posedge clk_i) elapsed_q <= elapsed;\n\n",
      fmt::arg("n", n), fmt::arg("n1", n - 1), fmt::arg("cb", cb), fmt::arg("cb1", cb - 1),
      fmt::arg("tb", tb), fmt::arg("tb1", tb - 1), fmt::arg("tb_p1", tb + 1),
      fmt::arg("tb_m1", tb - 1), fmt::arg("ncb1", n * cb - 1), fmt::arg("ntb1", n * tb - 1),
      fmt::arg("wb_one", lit(wb, 1)), fmt::arg("ub_two", lit(ub, 2)),
      fmt::arg("timeout", lit(tb, p.resume_timeout)), fmt::arg("window_end", window_end)));
  m.logic(fmt::format(
      "  // The checks over every slot (and pair of slots).\n"
      "  reg armed_right, armed_only_by_guess, one_per_cond, kept_unnamed, cancel_gone, ack_gone,\n"
      "      met_gone, shown_is_due, due_any, due_found, all_in_window, deadline_tracks;\n"
      "  reg [{cb1}:0] due_cond;\n"
      "  reg named;\n"
      "  integer s_chk, s_other;\n"
      "  always @* begin\n"
      "    armed_right = !past_valid_q || !past_one_guess_q;\n"
      "    armed_only_by_guess = 1'b1;\n"
      "    one_per_cond = 1'b1;\n"
      "    kept_unnamed = 1'b1;\n"
      "    cancel_gone = 1'b1;\n"
      "    ack_gone = 1'b1;\n"
      "    met_gone = 1'b1;\n"
      "    shown_is_due = !timeout_valid_o;\n"
      "    due_any = 1'b0;\n"
      "    due_found = 1'b0;\n"
      "    due_cond = {cb}'d0;\n"
      "    all_in_window = 1'b1;\n"
      "    deadline_tracks = 1'b1;\n"
      "    named = 1'b0;\n"
      "    for (s_chk = 0; s_chk < {n}; s_chk = s_chk + 1) begin\n"
      "      if (slot_valid[s_chk]) begin\n"
      "        if (slot_cond[s_chk*{cb} +: {cb}] == past_met_cond_q &&\n"
      "            slot_deadline[s_chk*{tb} +: {tb}] == armed_deadline)\n"
      "          armed_right = 1'b1;\n"
      "        if (past_valid_q && changed[s_chk] && !(past_one_guess_q &&\n"
      "            slot_cond[s_chk*{cb} +: {cb}] == past_met_cond_q &&\n"
      "            slot_deadline[s_chk*{tb} +: {tb}] == armed_deadline))\n"
      "          armed_only_by_guess = 1'b0;\n"
      "        for (s_other = s_chk + 1; s_other < {n}; s_other = s_other + 1)\n"
      "          if (slot_valid[s_other] &&\n"
      "              slot_cond[s_other*{cb} +: {cb}] == slot_cond[s_chk*{cb} +: {cb}])\n"
      "            one_per_cond = 1'b0;\n"
      "        if (past_valid_q && past_cancel_q &&\n"
      "            slot_cond[s_chk*{cb} +: {cb}] == past_cancel_cond_q &&\n"
      "            !(past_one_guess_q && past_met_cond_q == past_cancel_cond_q))\n"
      "          cancel_gone = 1'b0;\n"
      "        if (past_valid_q && past_ack_q &&\n"
      "            slot_cond[s_chk*{cb} +: {cb}] == past_shown_cond_q &&\n"
      "            !(past_one_guess_q && past_met_cond_q == past_shown_cond_q))\n"
      "          ack_gone = 1'b0;\n"
      "        if (past_valid_q && past_met_q && !past_one_guess_q &&\n"
      "            slot_cond[s_chk*{cb} +: {cb}] == past_met_cond_q)\n"
      "          met_gone = 1'b0;\n"
      "        if (timeout_valid_o && slot_cond[s_chk*{cb} +: {cb}] == timeout_cond_o &&\n"
      "            elapsed[s_chk*{tb} +: {tb}] >= {timeout})\n"
      "          shown_is_due = 1'b1;\n"
      "        if (elapsed[s_chk*{tb} +: {tb}] >= {window})\n"
      "          all_in_window = 1'b0;\n"
      "        else if (elapsed[s_chk*{tb} +: {tb}] >= {timeout}) begin\n"
      "          due_any = 1'b1;\n"
      "          if (!due_found) due_cond = slot_cond[s_chk*{cb} +: {cb}];\n"
      "          due_found = 1'b1;\n"
      "        end\n"
      "        if (elapsed[s_chk*{tb} +: {tb}] < {window} &&\n"
      "            slot_deadline[s_chk*{tb} +: {tb}] !=\n"
      "                now_i + {timeout} - elapsed[s_chk*{tb} +: {tb}])\n"
      "          deadline_tracks = 1'b0;\n"
      "      end\n"
      "      named = (past_ack_q && past_slot_cond_q[s_chk*{cb} +: {cb}] == past_shown_cond_q) ||\n"
      "              (past_cancel_q && past_slot_cond_q[s_chk*{cb} +: {cb}] == past_cancel_cond_q) "
      "||\n"
      "              (past_met_q && past_slot_cond_q[s_chk*{cb} +: {cb}] == past_met_cond_q);\n"
      "      if (past_valid_q && past_slot_valid_q[s_chk] && !named &&\n"
      "          !(slot_valid[s_chk] &&\n"
      "            slot_cond[s_chk*{cb} +: {cb}] == past_slot_cond_q[s_chk*{cb} +: {cb}] &&\n"
      "            slot_deadline[s_chk*{tb} +: {tb}] == past_slot_deadline_q[s_chk*{tb} +: "
      "{tb}]))\n"
      "        kept_unnamed = 1'b0;\n"
      "    end\n"
      "  end\n\n",
      fmt::arg("n", n), fmt::arg("cb", cb), fmt::arg("cb1", cb - 1), fmt::arg("tb", tb),
      fmt::arg("timeout", lit(tb, p.resume_timeout)), fmt::arg("window", lit(tb, window_end))));
  m.require("decision_rule", "resume_all_o == (met_valid_i && many && (spread || no_slot))",
            "a met condition resumes all its waiters exactly when more than one waits and its "
            "address saw more than two unique updates, or when a resume-one guess finds no "
            "timer slot (after this cycle's ack and cancel); else one");
  m.require("armed_for_one_guess", "armed_right",
            "a resume-one guess that leaves waiters arms a slot of its condition with the "
            "deadline now + timeout");
  m.require("armed_only_by_one_guess", "armed_only_by_guess",
            "a slot is armed or changed only by a resume-one guess for its condition that "
            "leaves waiters, with the deadline now + timeout");
  m.require("one_slot_per_condition", "one_per_cond", "no two armed slots hold one condition");
  m.require("no_slot_lost", "kept_unnamed",
            "an armed slot stays armed and unchanged unless its condition was taken (ack), "
            "cancelled or met");
  m.require("cancel_frees_slot", "cancel_gone",
            "after a cancel no slot holds the condition (unless a guess re-armed it in the same "
            "cycle)");
  m.require("ack_frees_slot", "ack_gone",
            "after an expired slot is taken no slot holds its condition (unless a guess "
            "re-armed it in the same cycle)");
  m.require("met_without_guess_frees_slot", "met_gone",
            "a met condition that leaves no waiter behind (resume all, or one of at most one) "
            "holds no slot after");
  m.require("timeout_not_early", "shown_is_due",
            "a timeout shows only for a slot armed at least timeout cycles ago");
  m.require("timeout_shows_until_taken",
            "!all_in_window || (timeout_valid_o == due_any && (!due_any || timeout_cond_o == "
            "due_cond))",
            "while every armed slot is within 2^(time_bits-1) cycles of its deadline, the "
            "lowest slot whose deadline has come shows, until it is taken");
  m.require("timeout_cond_zero_when_none",
            fmt::format("timeout_valid_o || timeout_cond_o == {}", lit(cb, 0)),
            "timeout_cond_o names a condition only while a timeout shows");
  m.invariant("deadline_tracks_time", "deadline_tracks",
              "an armed slot's deadline is now + timeout - the cycles since it was armed");
  // The base case reaches every slot armed and a wrap of the time count in the small corners.
  m.set_depth(std::min(std::max(2 * n + 4, (1u << tb) + 4), 20u));
  return m.finish();
}

}  // namespace wf::gen
