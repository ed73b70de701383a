// Fetch policy `2lev` (Narasiman et al., MICRO 2011 §3.2): two-level round robin over the SM's
// warps with empty I-buffers, in fetch groups of [sm] fetch_group_size warps per scheduler
// (schedulers take warps round robin, so SM group g is the union of the schedulers' issue
// groups g).
#pragma once

#include <string_view>

#include "sim_model/blocks/two_level_arbiter.h"
#include "sim_model/sm/policies/fetch_policy.h"

namespace wf::sm::policies {

class TwoLevelFetch : public FetchPolicyBase, public OneBlockPolicy<blocks::TwoLevelArbiter> {
 public:
  static constexpr const char* kName = "2lev";
  // [sm] fetch_group_size: the fetch group of the two-level arbiters (key_use.h).
  static constexpr std::string_view kOwnKeys[] = {"sm.fetch_group_size"};
  static constexpr const char* kHelp =
      "two-level round robin over empty I-buffers: stay in the fetch group (fetch_group_size x "
      "schedulers warps) fetched last";

  // The block's configurations list a scheduler's (issue) first, then the SM's (fetch).
  explicit TwoLevelFetch(const TimingConfig& c)
      : OneBlockPolicy(blocks::TwoLevelArbiterParams::for_machine(c.machine).back()) {}

  int grant(const SmCore& core, std::uint64_t now, const IssuePorts&, unsigned) {
    blocks::TwoLevelArbiter::In in;
    in.request = empty_buffer_candidates(core, now);
    if (in.request == 0) return -1;  // no request: the arbiter keeps its state
    return granted(block_.step(in));
  }
};

WF_REGISTER_POLICY(TwoLevelFetch)

}  // namespace wf::sm::policies
