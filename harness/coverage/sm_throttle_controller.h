// Coverage of sm_throttle_controller: each rule deciding at a round's end (a higher contention
// lowers n, a lower one raises it, an equal one keeps it), a move that would leave the range
// keeping n at either bound, contention one above and one below the last round's (the
// comparisons' edges), each count and both at their widest (the contention's top bit), counts
// that differ from the last round's in a cycle without valid_i, and a reset of a moved n and of
// a non-zero last contention. Out is n before this cycle's edge.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "sim_model/blocks/sm_throttle_controller.h"

namespace wf::harness {

class SmThrottleControllerCoverage : public BlockCoverage<blocks::SmThrottleController> {
 public:
  explicit SmThrottleControllerCoverage(const Params& p)
      : BlockCoverage(p),
        lower_(cases_.add("a higher contention lowers n", p.num_sms >= 3)),
        raise_(cases_.add("a lower contention raises n", p.num_sms >= 3)),
        equal_(cases_.add("an equal contention keeps n")),
        at_bottom_(cases_.add("a higher contention at n = min(2, num_sms) keeps n")),
        at_top_(cases_.add("a lower contention at n = num_sms keeps n")),
        one_above_(cases_.add("contention one above the last round's")),
        one_below_(cases_.add("contention one below the last round's")),
        dram_widest_(cases_.add("a round's dram_full_i at its widest")),
        icnt_widest_(cases_.add("a round's icnt_stall_i at its widest")),
        both_widest_(cases_.add("a round's two counts at their widest (the largest contention)")),
        no_round_(cases_.add("a cycle without valid_i whose contention differs from the last")),
        reset_moved_(cases_.add("reset with n below num_sms", p.num_sms >= 3)),
        reset_last_(cases_.add("reset with a non-zero last contention")) {}

  void sample(const blocks::SmThrottleController& model, const In& in, const Out& out) {
    using D = blocks::SmThrottleController::Decision;
    sample_outputs(out);
    n_ = out.enabled;
    last_ = model.last_contention();
    const std::uint32_t c = model.contention(in);
    const D d = model.decision(in);
    if (d == D::kNone) {
      cases_.hit(no_round_, c != last_);
      return;
    }
    const std::uint32_t widest = p_.count_mask();
    const bool dram_widest = (in.dram_full & widest) == widest;
    const bool icnt_widest = (in.icnt_stall & widest) == widest;
    cases_.hit(lower_, d == D::kLower);
    cases_.hit(raise_, d == D::kRaise);
    cases_.hit(equal_, c == last_);
    cases_.hit(at_bottom_, c > last_ && n_ == p_.lowest());
    cases_.hit(at_top_, c < last_ && n_ == p_.num_sms);
    cases_.hit(one_above_, c == last_ + 1);
    cases_.hit(one_below_, c + 1 == last_);
    cases_.hit(dram_widest_, dram_widest);
    cases_.hit(icnt_widest_, icnt_widest);
    cases_.hit(both_widest_, dram_widest && icnt_widest);
  }
  // The block is reset at this edge instead of ticking: the state is the one last sampled.
  void reset() {
    cases_.hit(reset_moved_, n_ < p_.num_sms);
    cases_.hit(reset_last_, last_ != 0);
  }

 private:
  CoverageTable::Id lower_, raise_, equal_, at_bottom_, at_top_, one_above_, one_below_,
      dram_widest_, icnt_widest_, both_widest_, no_round_, reset_moved_, reset_last_;
  unsigned n_ = 0;          // n in the last cycle sampled
  std::uint32_t last_ = 0;  // the last contention in the last cycle sampled
};

}  // namespace wf::harness
