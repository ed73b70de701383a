// Coverage of resume_predictor: every branch of the rule (one waiter; several with 0, 1, 2
// unique updates; several with more than two), the fallback with every slot busy, every slot
// busy, a re-arm (also of an expired slot not yet taken), a met event freeing its slot, a
// cancel of an armed slot and of a condition without one, a slot freed and taken by a guess in
// one cycle, an expiry, two expiries pending at once, an ack, a deadline past the wrap of the
// time count, and a reset with slots armed.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "sim_model/blocks/resume_predictor.h"

namespace wf::harness {

class ResumePredictorCoverage : public BlockCoverage<blocks::ResumePredictor> {
 public:
  explicit ResumePredictorCoverage(const Params& p)
      : BlockCoverage(p),
        one_waiter_(cases_.add("a met condition with one waiter: resume one, no timer")),
        unique0_(cases_.add("several waiters, no unique update counted: resume one")),
        unique1_(cases_.add("several waiters, one unique update: resume one")),
        unique2_(cases_.add("several waiters, two unique updates: resume one")),
        spread_(cases_.add("several waiters, more than two unique updates: resume all")),
        fallback_(cases_.add("a resume-one guess finds every slot busy: resume all instead")),
        all_busy_(cases_.add("every timer slot armed")),
        rearm_(cases_.add("a guess re-arms its condition's slot")),
        rearm_expired_(cases_.add("a guess re-arms an expired slot before it is taken")),
        met_frees_(cases_.add("a met condition that leaves no waiter frees its slot")),
        cancel_armed_(cases_.add("cancel frees an armed slot")),
        cancel_none_(cases_.add("cancel of a condition without a slot")),
        same_cycle_(cases_.add("a guess takes a slot freed by an ack or cancel in the same cycle")),
        expired_(cases_.add("a timer expires: its condition shows")),
        two_expired_(cases_.add("two expired timers pending at once", p.resume_timers >= 2)),
        ack_(cases_.add("an expired timer is taken")),
        wrapped_(cases_.add("an armed deadline lies past the wrap of the time count")),
        reset_(cases_.add("reset with timers armed")) {}

  void sample(const blocks::ResumePredictor& model, const In& in, const Out& out) {
    sample_outputs(out);
    const auto st = model.step(in);
    const unsigned n = p_.resume_timers;
    const std::uint32_t tmask = (std::uint32_t{1} << p_.time_bits()) - 1;
    const std::uint32_t now = in.now & tmask;
    unsigned expired = 0;
    bool wrapped = false;
    for (unsigned i = 0; i < n; ++i) {
      const auto& s = model.slot(i);
      expired += model.expired(i, now);
      wrapped |= s.valid && !model.expired(i, now) && s.deadline < now;
    }
    armed_ = model.armed() != 0;
    cases_.hit(all_busy_, model.armed() == n);
    cases_.hit(expired_, expired >= 1);
    cases_.hit(two_expired_, expired >= 2);
    cases_.hit(ack_, st.acked.has_value());
    cases_.hit(wrapped_, wrapped);
    if (in.cancel_valid) {
      cases_.hit(cancel_armed_, st.canceled.has_value());
      cases_.hit(cancel_none_, !st.canceled);
    }
    if (!in.met_valid) return;
    const bool many = st.rule_all || st.need_timer;
    const unsigned unique = in.met_unique & ((1u << p_.count_bits) - 1);
    cases_.hit(one_waiter_, (in.met_waiters & ((1u << p_.waiter_bits()) - 1)) == 1);
    cases_.hit(unique0_, many && unique == 0);
    cases_.hit(unique1_, many && unique == 1);
    cases_.hit(unique2_, many && unique == 2);
    cases_.hit(spread_, st.rule_all);
    cases_.hit(fallback_, st.fallback);
    cases_.hit(rearm_, st.armed && st.hit);
    cases_.hit(rearm_expired_, st.armed && st.hit && model.expired(*st.hit, now));
    cases_.hit(met_frees_, st.freed.has_value());
    cases_.hit(same_cycle_, st.armed && !st.hit &&
                                ((st.acked && *st.armed == *st.acked) ||
                                 (st.canceled && *st.armed == *st.canceled)));
  }
  void reset() { cases_.hit(reset_, armed_); }

 private:
  CoverageTable::Id one_waiter_, unique0_, unique1_, unique2_, spread_, fallback_, all_busy_,
      rearm_, rearm_expired_, met_frees_, cancel_armed_, cancel_none_, same_cycle_, expired_,
      two_expired_, ack_, wrapped_, reset_;
  bool armed_ = false;  // some slot was armed in the last cycle sampled
};

}  // namespace wf::harness
