// The (issue, fetch) policy pairs the tests run: every registered issue policy with every
// registered fetch policy the registry lets it pair with (sim_model/sm/policies/), so a new
// policy is tested without editing a list.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim_model/common/error.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"

namespace wf::test_support {

inline std::vector<std::pair<std::string, std::string>> registered_policy_pairs() {
  using sm::policies::PolicyKind;
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& issue : sm::policies::registered_policies(PolicyKind::kIssue)) {
    for (const auto& fetch : sm::policies::registered_policies(PolicyKind::kFetch)) {
      sm::TimingConfig c;
      c.issue = issue.name;
      c.fetch = fetch.name;
      try {
        sm::policies::check_policies(c);
      } catch (const UsageError&) {
        continue;  // a pair the policies refuse (e.g. cff without a mode for the issue policy)
      }
      out.emplace_back(issue.name, fetch.name);
    }
  }
  return out;
}

// Block instances one SM of `c` holds, as traces record them (one per block of each warp
// scheduler's issue policy, of the fetch policy and of the SM itself). The dispatch policy's
// blocks are the GPU's (instances *_dispatch: one per SM or one in all, as the policy has them).
inline std::size_t block_instances_per_sm(const sm::TimingConfig& c) {
  using sm::policies::PolicyKind;
  return c.machine.schedulers *
             sm::policies::find_policy(PolicyKind::kIssue, c.issue).blocks.size() +
         sm::policies::find_policy(PolicyKind::kFetch, c.fetch).blocks.size() +
         sm::policies::sm_core_blocks().size();
}

// The (issue, fetch, dispatch) policies the workload tests run: every registered pair under the
// default CTA dispatch, then every other dispatch policy under the default issue and fetch
// policies.
struct PolicySet {
  std::string issue, fetch, dispatch;
};
inline std::vector<PolicySet> registered_policy_sets() {
  using sm::policies::PolicyKind;
  std::vector<PolicySet> out;
  const std::string dispatch = sm::policies::default_policy(PolicyKind::kDispatch);
  for (const auto& [issue, fetch] : registered_policy_pairs())
    out.push_back({issue, fetch, dispatch});
  for (const auto& d : sm::policies::registered_policies(PolicyKind::kDispatch)) {
    if (d.name == dispatch) continue;
    out.push_back({sm::policies::default_policy(PolicyKind::kIssue),
                   sm::policies::default_policy(PolicyKind::kFetch), d.name});
  }
  return out;
}

// The cap `--dispatch static` needs ([sm] cta_limit), which the tests give every run (the other
// policies ignore it): two CTAs, fewer than most workloads' occupancy.
inline constexpr unsigned kTestCtaLimit = 2;

}  // namespace wf::test_support
