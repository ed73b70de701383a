// Issue policy `2lev` (Narasiman et al., MICRO 2011 §3.2): two-level round robin. A scheduler's
// warps form fetch groups of [sm] fetch_group_size (8 in both presets); it stays in the group of
// the warp it issued last, round robin inside it, and moves round robin to the next group with a
// ready warp when none of the group can go.
#pragma once

#include <string_view>

#include "sim_model/blocks/two_level_arbiter.h"
#include "sim_model/sm/policies/issue_policy.h"

namespace wf::sm::policies {

class TwoLevelIssue : public IssuePolicyBase, public OneBlockPolicy<blocks::TwoLevelArbiter> {
 public:
  static constexpr const char* kName = "2lev";
  // [sm] fetch_group_size: the fetch group of the two-level arbiters (key_use.h).
  static constexpr std::string_view kOwnKeys[] = {"sm.fetch_group_size"};
  static constexpr const char* kHelp =
      "two-level round robin: stay in the fetch group (fetch_group_size warps, default 8) issued "
      "last, else the next";
  static constexpr const char* kCffMode = "2lev";

  // The block's configurations list a scheduler's (issue) first, then the SM's (fetch).
  explicit TwoLevelIssue(const TimingConfig& c)
      : OneBlockPolicy(blocks::TwoLevelArbiterParams::for_machine(c.machine).front()) {}

  int select(std::uint64_t ready, const SchedulerInputs&, const WptCounts&) {
    blocks::TwoLevelArbiter::In in{};
    in.request = ready;
    return granted(block_.step(in));
  }
};

WF_REGISTER_POLICY(TwoLevelIssue)

}  // namespace wf::sm::policies
