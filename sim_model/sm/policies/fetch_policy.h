// A fetch policy: which warp an SM fetches for in a cycle (one fetch per SM per cycle). The
// fetch stage asks it after the issue stage ran, then fetches for the warp it names: an empty
// I-buffer at the warp's pc, a partly full one after its last entry. Besides policy.h's
// members, a fetch policy class has:
//   explicit P(const TimingConfig&)  builds its blocks for the machine (one set per SM);
//   int grant(const SmCore&, std::uint64_t now, const IssuePorts& issued, unsigned issues)
//                                     works out the eligible warps (fetch_candidates.h), calls
//                                     its blocks through BlockSlot::step and returns the warp to
//                                     fetch for, or -1; `issued[k]` is the warp scheduler k
//                                     issued this cycle (or -1), `issues` how many did;
//   void reset();
//   template <class F> void for_each_block(F&& f)  as for issue policies;
// and may override the defaults of FetchPolicyBase.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <string>

#include "sim_model/sm/block_slot.h"
#include "sim_model/sm/fetch_candidates.h"
#include "sim_model/sm/policies/policy.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/sm_core.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm::policies {

// The presets allow up to four warp schedulers per SM.
inline constexpr unsigned kMaxSchedulers = 4;
using IssuePorts = std::array<int, kMaxSchedulers>;  // per scheduler: the warp issued, or -1

struct FetchPolicyBase {
  static constexpr bool kDefault = false;
  // The policy fetches into I-buffers that still hold entries, so any live warp, not only the
  // ones with an empty buffer, may be waiting on an I-cache refill (the SM's idle shortcut must
  // then watch all of them; Sm::next_timed_change).
  static constexpr bool kFillsPartlyFullBuffers = false;
  // Why the policy cannot run beside issue policy `issue` (a message naming both), or empty.
  static std::string pairing_error(const PolicyInfo&) { return {}; }
  // What the SM tells every fetch policy, for those whose blocks read it: a warp's CTA slot
  // (at dispatch), the CTAs' dispatch ranks and the warp priority table's counts (whenever
  // they change; SmCore::cta_age, BarrierUnit::counts).
  void set_warp_cta(unsigned, unsigned) {}
  void cta_ages_changed(const SmCore&) {}
  void wpt_counts_changed(const SmCore&) {}
};

template <class P>
concept FetchPolicy = NamedPolicy<P> && std::constructible_from<P, const TimingConfig&> &&
    requires(P& p, const SmCore& core, std::uint64_t now, const IssuePorts& issued,
             const PolicyInfo& issue) {
  { p.grant(core, now, issued, 0u) } -> std::same_as<int>;
  p.reset();
  p.set_warp_cta(0u, 0u);
  p.cta_ages_changed(core);
  p.wpt_counts_changed(core);
  { P::kFillsPartlyFullBuffers } -> std::convertible_to<bool>;
  { P::pairing_error(issue) } -> std::same_as<std::string>;
};

}  // namespace wf::sm::policies
