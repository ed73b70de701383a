// The placement pass `max` makes, with a per-SM cap on resident CTAs: one pass per cycle,
// round robin over the SMs from one SM later than the last pass, at most one CTA per SM, each
// SM while it holds fewer CTAs than its cap and the CTA fits its occupancy limits. `static`
// caps every SM alike, `dyncta` each SM at its controller's n.
#pragma once

#include <cstdint>

#include "sim_model/sm/policies/dispatch_policy.h"

namespace wf::sm::policies {

class CappedRoundRobin {
 public:
  // cap(i): SM i's largest number of resident CTAs this cycle.
  template <class Cap>
  void pass(CtaDispatcher& d, std::uint64_t now, Cap&& cap) {
    const unsigned n = d.num_sms();
    for (unsigned i = 0; i < n && d.ctas_left(); ++i) {
      const unsigned sm = (rr_ + i) % n;
      if (d.sm(sm).resident_ctas() < cap(sm)) d.place(sm, now);
    }
    if (++rr_ == n) rr_ = 0;
  }

 private:
  unsigned rr_ = 0;  // the SM the next pass tries first
};

}  // namespace wf::sm::policies
