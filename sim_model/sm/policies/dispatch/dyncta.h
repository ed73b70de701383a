// CTA dispatch policy `dyncta` (Kayiran et al., "Neither More Nor Less: Optimizing Thread-level
// Parallelism for GPGPUs", PACT 2013): each SM's CTA limit n comes from its own
// dyncta_controller block, which counts C_idle and C_mem every cycle and moves n by at most one
// per sampling period (Algorithm 1). The dispatcher places CTAs as `max` does, each SM while it
// holds fewer than n, and the SM pauses its resident CTAs beyond its n oldest (Sm::set_cta_limit,
// sim_model/sm/cta_pausing.h).
//
// Decisions (docs/dyncta.md):
// - N is the launch's occupancy limit (the CTAs of its shape an empty SM holds, at most [sm]
//   max_ctas). The first cycle of a launch carries `start` with N to every controller, which sets
//   n = max(1, floor(N / 2)); CTAs go out from the launch's second cycle.
// - Lowering n pauses the most recently dispatched CTAs, raising it unpauses the least recently
//   dispatched of the paused ones, and no new CTA goes to an SM while it holds n or more: a
//   paused CTA is always unpaused before a new one is issued. Pausing never drains or kills a
//   CTA, and the aging bound of CtaPausing keeps a paused CTA issuing (progress under
//   inter-CTA synchronization).
// - The controllers run in every cycle of a launch, after the SMs (their signals are the cycle's;
//   an SM asleep or skipping keeps its warps' states, so its last signals hold), also once every
//   CTA is placed: pausing still acts then.
// - At most one CTA per SM per cycle (the `max` pass).
#pragma once

#include <cstdint>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "sim_model/blocks/dyncta_controller.h"
#include "sim_model/sm/policies/capped_round_robin.h"
#include "sim_model/sm/policies/dispatch_policy.h"

namespace wf::sm::policies {

class DynctaDispatch : public DispatchPolicyBase {
 public:
  using Controller = blocks::DynctaController;
  static constexpr const char* kName = "dyncta";
  static constexpr const char* kHelp =
      "DYNCTA: per-SM CTA limit n from C_idle and C_mem every 2048 cycles; CTAs beyond n are "
      "paused";
  using Blocks = std::tuple<Controller>;
  static constexpr bool kEveryCycle = true;

  explicit DynctaDispatch(const TimingConfig& c)
      : params_(blocks::DynctaControllerParams::for_machine(c.machine).front()) {
    controllers_.reserve(c.num_sms);
    for (unsigned i = 0; i < c.num_sms; ++i) controllers_.emplace_back(params_);
    limit_.assign(c.num_sms, 0);
    trace_.resize(c.num_sms);
  }

  void begin_launch(CtaDispatcher& d) {
    for (unsigned i = 0; i < d.num_sms(); ++i) d.mutable_sm(i).track_cta_signals();
    starting_ = true;
    launch_n_ = d.num_sms() ? d.sm(0).max_resident(d.shape()) : 0;
    for (unsigned i = 0; i < d.num_sms(); ++i)
      trace_[i].launch_starts.push_back(trace_[i].n.size());
  }
  void dispatch(CtaDispatcher& d, std::uint64_t now) {
    if (starting_) return;  // the controllers learn N at the end of this cycle
    rr_.pass(d, now, [&](unsigned i) { return limit_[i]; });
  }
  void cta_finished(const CtaDispatcher&) {}
  void end_cycle(CtaDispatcher& d, std::uint64_t) {
    Controller::In in;
    in.start = starting_;
    in.num_ctas = static_cast<std::uint8_t>(launch_n_);
    if (starting_) phase_ = 0;
    const bool period_end = !starting_ && ++phase_ == params_.period;
    if (period_end) phase_ = 0;
    starting_ = false;
    for (unsigned i = 0; i < controllers_.size(); ++i) {
      Sm& sm = d.mutable_sm(i);
      const Sm::CtaSignals s = sm.cta_signals();
      in.idle = s.idle;
      in.mem = s.mem;
      controllers_[i].step(in);
      // n is a register: the edge just taken gives the next cycle's.
      const unsigned n = controllers_[i].eval({}).limit;
      SmTrace& t = trace_[i];
      t.idle_cycles += s.idle;
      t.mem_cycles += s.mem;
      t.limit_cycles += n;
      ++t.cycles;
      if (period_end) t.n.push_back(static_cast<std::uint8_t>(n));
      if (n != limit_[i]) {
        limit_[i] = n;
        sm.set_cta_limit(n);
      }
    }
  }

  template <class F>
  void for_each_block(F&& f) {
    for (unsigned i = 0; i < controllers_.size(); ++i)
      f(controllers_[i], fmt::format("sm{:02}_dispatch", i));
  }

  // What the run reports, per SM.
  struct SmTrace {
    std::uint64_t idle_cycles = 0, mem_cycles = 0;  // C_idle and C_mem over the whole run
    std::uint64_t limit_cycles = 0;                 // n summed over the cycles (average n)
    std::uint64_t cycles = 0;
    std::vector<std::uint8_t> n;             // n at the end of each sampling period
    std::vector<std::size_t> launch_starts;  // index into n where each launch began
  };
  const std::vector<SmTrace>& trace() const { return trace_; }
  unsigned period() const { return params_.period; }

 private:
  blocks::DynctaControllerParams params_;
  std::vector<BlockSlot<Controller>> controllers_;
  std::vector<unsigned> limit_;  // each SM's n for the next cycle's dispatch
  std::vector<SmTrace> trace_;
  CappedRoundRobin rr_;
  bool starting_ = false;
  unsigned launch_n_ = 0;
  std::uint64_t phase_ = 0;  // cycles since the last period end, for the time series
};

WF_REGISTER_POLICY(DynctaDispatch)

}  // namespace wf::sm::policies
