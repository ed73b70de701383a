// Coverage of dyncta_controller: each rule of the period's end deciding (C_idle raises, a light
// memory load raises, a heavy one lowers, a medium one keeps), each counter ending a period
// exactly at its threshold and one below it (the comparisons' edges), a raise at the top and a
// lowering at the bottom of the range keeping n, idle and mem in one cycle, the last cycle of a
// period counting, a reset in the middle of a period, and launches: one in the middle of a
// period, one with N below num_cta_slots whose raise at n = N keeps n, one whose num_ctas is
// clamped (0, or above num_cta_slots where the port can say so). Out is n before this cycle's
// edge.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "sim_model/blocks/dyncta_controller.h"

namespace wf::harness {

class DynctaControllerCoverage : public BlockCoverage<blocks::DynctaController> {
 public:
  explicit DynctaControllerCoverage(const Params& p)
      : BlockCoverage(p),
        raise_idle_(cases_.add("C_idle >= t_idle raises n", p.num_cta_slots >= 2)),
        raise_mem_(cases_.add("C_mem < t_mem_low raises n", p.num_cta_slots >= 2)),
        lower_(cases_.add("C_mem >= t_mem_high lowers n", p.num_cta_slots >= 2)),
        keep_(cases_.add("t_mem_low <= C_mem < t_mem_high keeps n", p.t_mem_low < p.t_mem_high)),
        at_top_(cases_.add("a raise at n = N keeps n")),
        at_bottom_(cases_.add("a lowering at n = 1 keeps n")),
        idle_at_(cases_.add("C_idle ends a period at t_idle")),
        idle_below_(cases_.add("C_idle ends a period at t_idle - 1")),
        low_at_(cases_.add("C_mem ends a period at t_mem_low")),
        low_below_(cases_.add("C_mem ends a period at t_mem_low - 1")),
        high_at_(cases_.add("C_mem ends a period at t_mem_high")),
        high_below_(cases_.add("C_mem ends a period at t_mem_high - 1")),
        last_counts_(cases_.add("the period's last cycle is an idle or mem cycle")),
        both_(cases_.add("idle and mem in one cycle")),
        reset_mid_(cases_.add("reset in the middle of a period")),
        launch_mid_(cases_.add("a launch in the middle of a period")),
        at_launch_top_(
            cases_.add("a raise at n = N < num_cta_slots keeps n", p.num_cta_slots >= 2)),
        launch_zero_(cases_.add("a launch with num_ctas = 0 takes N = 1")),
        launch_over_(cases_.add("a launch with num_ctas > num_cta_slots takes N = num_cta_slots",
                                (1u << p.limit_bits()) - 1 > p.num_cta_slots)) {}

  void sample(const blocks::DynctaController& model, const In& in, const Out& out) {
    using D = blocks::DynctaController::Decision;
    sample_outputs(out);
    cases_.hit(both_, in.idle && in.mem);
    mid_period_ = model.phase() != 0;
    if (in.start) {
      cases_.hit(launch_mid_, mid_period_);
      cases_.hit(launch_zero_, in.num_ctas == 0);
      cases_.hit(launch_over_, in.num_ctas > p_.num_cta_slots);
      return;
    }
    const D d = model.decision(in);
    if (d == D::kNone) return;
    const unsigned idle = model.idle_count() + in.idle, mem = model.mem_count() + in.mem;
    const bool top = out.limit == model.max_limit(), bottom = out.limit == 1;
    cases_.hit(at_launch_top_, (d == D::kRaiseIdle || d == D::kRaiseMem) && top &&
                                   model.max_limit() < p_.num_cta_slots);
    cases_.hit(raise_idle_, d == D::kRaiseIdle && !top);
    cases_.hit(raise_mem_, d == D::kRaiseMem && !top);
    cases_.hit(lower_, d == D::kLower && !bottom);
    cases_.hit(keep_, d == D::kKeep);
    cases_.hit(at_top_, (d == D::kRaiseIdle || d == D::kRaiseMem) && top);
    cases_.hit(at_bottom_, d == D::kLower && bottom);
    cases_.hit(idle_at_, idle == p_.t_idle);
    cases_.hit(idle_below_, idle + 1 == p_.t_idle);
    // The memory thresholds decide only when C_idle does not.
    const bool mem_decides = idle < p_.t_idle;
    cases_.hit(low_at_, mem_decides && mem == p_.t_mem_low);
    cases_.hit(low_below_, mem_decides && mem + 1 == p_.t_mem_low);
    cases_.hit(high_at_, mem_decides && mem == p_.t_mem_high);
    cases_.hit(high_below_, mem_decides && mem + 1 == p_.t_mem_high);
    cases_.hit(last_counts_, in.idle || in.mem);
  }
  void reset() { cases_.hit(reset_mid_, mid_period_); }

 private:
  CoverageTable::Id raise_idle_, raise_mem_, lower_, keep_, at_top_, at_bottom_, idle_at_,
      idle_below_, low_at_, low_below_, high_at_, high_below_, last_counts_, both_, reset_mid_,
      launch_mid_, at_launch_top_, launch_zero_, launch_over_;
  bool mid_period_ = false;  // the last cycle sampled was not a period's first
};

}  // namespace wf::harness
