// An issue policy: what one warp scheduler does each cycle to pick a warp among those whose
// next instruction can go. The scheduler owns warps k, k+N, k+2N, ... of the SM (N schedulers)
// and shows them to its policy as local warps 0, 1, 2, ...; it keeps the inputs below up to
// date (they change only at CTA dispatch and finish) and passes the warp priority table's
// counts of the cycle. Besides policy.h's members, an issue policy class has:
//   explicit P(const TimingConfig&)  builds its blocks for the machine (one set per scheduler);
//   int select(std::uint64_t ready, const SchedulerInputs&, const WptCounts&)
//                                     fills its blocks' In, calls them through BlockSlot::step
//                                     (one call is one clock edge) and returns the local warp
//                                     to issue, or -1;
//   void reset();
//   template <class F> void for_each_block(F&& f)  calls f(slot) for each BlockSlot it holds,
//                                     in Blocks order (trace recording, sim --rtl);
// and may override the defaults of IssuePolicyBase, and may have
//   void attach(const SmCore&, unsigned scheduler, unsigned num_schedulers)
//                                     called once when the SM is built, for a policy whose
//                                     blocks follow the SM's warp states (blocklat); it reads
//                                     them in select(), at no cost to the other policies.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>

#include "sim_model/sm/block_slot.h"
#include "sim_model/sm/policies/policy.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm::policies {

inline constexpr unsigned kMaxSchedulerWarps = 64;
inline constexpr unsigned kMaxCtaSlots = 32;

// What a scheduler knows of its warps besides the ready mask.
struct SchedulerInputs {
  std::array<std::uint8_t, kMaxSchedulerWarps> warp_cta{};  // local warp -> CTA slot
  std::array<std::uint8_t, kMaxCtaSlots> cta_age{};         // CTA slot -> dispatch rank, 0 = oldest
};

// The warp priority table's counts: barrier waiters per CTA slot.
using WptCounts = std::array<std::uint8_t, kMaxCtaSlots>;

struct IssuePolicyBase {
  static constexpr bool kDefault = false;
  // select() is called even in cycles without a ready warp: the policy's blocks must see every
  // change of their inputs (SAWS's first-hit order follows the counts). Otherwise those cycles
  // call nothing, and a block keeps its state through them by its contract.
  static constexpr bool kCallsWithoutReady = false;
  // The pairing with the `cff` fetch policy: the mode of the CFF fetch arbiter that fetches
  // for the warp this policy would issue next (a value of that block's `mode` parameter);
  // null when CFF has no mode for this policy, and `--fetch cff` is then refused.
  static constexpr const char* kCffMode = nullptr;
};

template <class P>
concept IssuePolicy = NamedPolicy<P> && std::constructible_from<P, const TimingConfig&> &&
    requires(P& p, std::uint64_t ready, const SchedulerInputs& in, const WptCounts& wpt) {
  { p.select(ready, in, wpt) } -> std::same_as<int>;
  p.reset();
  { P::kCallsWithoutReady } -> std::convertible_to<bool>;
  { P::kCffMode } -> std::convertible_to<const char*>;
};

}  // namespace wf::sm::policies
