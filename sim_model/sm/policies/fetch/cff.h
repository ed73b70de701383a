// Fetch policy `cff` (BAWS §4.2): critical fetch first. Fetch for the warp the issue policy
// would pick next among those whose I-buffer is empty: the CFF fetch arbiter in the mode the
// issue policy names (IssuePolicyBase::kCffMode). It tracks the warps the schedulers issued
// last from their issue ports, and reads the CTA slots, CTA ages and barrier counts the issue
// arbiters read, copied into its input when they change (at dispatch, finish and barrier
// events) rather than every cycle.
#pragma once

#include <stdexcept>

#include "sim_model/blocks/cff_fetch_arbiter.h"
#include "sim_model/sm/policies/fetch_policy.h"

namespace wf::sm::policies {

class CffFetch : public FetchPolicyBase, public OneBlockPolicy<blocks::CffFetchArbiter> {
 public:
  static constexpr const char* kName = "cff";
  static constexpr const char* kHelp =
      "critical fetch first: fetch for the warp the issue policy would pick next (BAWS)";
  static_assert(kMaxSchedulers <= blocks::CffFetchArbiter::kMaxPorts);

  static std::string pairing_error(const PolicyInfo& issue) {
    if (!issue.cff_mode.empty()) return {};
    return "the CFF fetch arbiter has no mode for issue policy " + issue.name +
           " (its kCffMode is not set)";
  }

  explicit CffFetch(const TimingConfig& c)
      : CffFetch(c, find_policy(PolicyKind::kIssue, c.issue).cff_mode) {}

  int grant(const SmCore& core, std::uint64_t now, const IssuePorts& issued, unsigned issues) {
    const std::uint64_t eligible = empty_buffer_candidates(core, now);
    // With neither a candidate nor an issue to learn from, the arbiter would not change state
    // (and its inputs need not be written).
    if (eligible == 0 && issues == 0) return -1;
    // A local bound: the byte stores below may alias the config as far as the compiler knows.
    const unsigned ports = core.config.machine.schedulers;
    for (unsigned k = 0; k < ports; ++k) {
      const int w = issued[k];
      in_.issue_valid[k] = w >= 0;
      in_.issue_warp[k] = static_cast<std::uint8_t>(w < 0 ? 0 : w);
    }
    in_.eligible = eligible;
    return granted(block_.step(in_));
  }
  void set_warp_cta(unsigned warp, unsigned cta_slot) {
    in_.warp_cta[warp] = static_cast<std::uint8_t>(cta_slot);
  }
  void cta_ages_changed(const SmCore& core) { in_.cta_age = core.cta_age; }
  void wpt_counts_changed(const SmCore& core) { in_.wpt_count = core.barriers.counts().count; }

 protected:
  // The arbiter in `mode` (a value of its `mode` parameter).
  CffFetch(const TimingConfig& c, const std::string& mode)
      : OneBlockPolicy(params(c.machine, mode)) {}

 private:
  static blocks::CffFetchArbiterParams params(const Machine& m, const std::string& mode) {
    blocks::CffFetchArbiterParams p = blocks::CffFetchArbiterParams::for_machine(m).front();
    if (const std::string err = blocks::set_param(p, blocks::CffFetchArbiter::kName, "mode", mode);
        !err.empty())
      throw std::logic_error("fetch policy cff: " + err);
    return p;
  }

  blocks::CffFetchArbiter::In in_{};
};

WF_REGISTER_POLICY(CffFetch)

}  // namespace wf::sm::policies
