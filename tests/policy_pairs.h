// The (issue, fetch) policy pairs the tests run: every registered issue policy with every
// registered fetch policy the registry lets it pair with (sim_model/sm/policies/), so a new
// policy is tested without editing a list.
#pragma once

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim_model/common/error.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"
#include "workloads/workload.h"

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

// The workload tests that run a matrix (every workload under every policy set) run all of it
// only when WF_TEST_FULL=1 (tools/test.sh --full); by default each workload runs a few of the
// covering sets below, so that every set and every workload is still run, in about a tenth of
// the time. docs/building.md says what the sample keeps and how it was checked.
inline bool full_matrix() {
  const char* v = std::getenv("WF_TEST_FULL");
  return v != nullptr && std::string_view(v) != "" && std::string_view(v) != "0";
}

// Each registered policy once, as tests/harness/policy_pairs.sh chooses them: every issue
// policy with the cff fetch policy (so that CFF runs in each issue policy's mode), or with the
// default fetch policy where cff refuses it; every fetch policy with the default issue policy;
// every other dispatch policy with the default issue and fetch policies. Each set once.
inline std::vector<PolicySet> covering_policy_sets() {
  using sm::policies::PolicyKind;
  const std::string issue0 = sm::policies::default_policy(PolicyKind::kIssue);
  const std::string fetch0 = sm::policies::default_policy(PolicyKind::kFetch);
  const std::string dispatch0 = sm::policies::default_policy(PolicyKind::kDispatch);
  std::vector<PolicySet> out;
  auto add = [&out](const PolicySet& s) {
    for (const auto& o : out)
      if (o.issue == s.issue && o.fetch == s.fetch && o.dispatch == s.dispatch) return;
    out.push_back(s);
  };
  const auto pairs = registered_policy_pairs();
  auto pairs_with = [&pairs](const std::string& issue, const std::string& fetch) {
    for (const auto& [i, f] : pairs)
      if (i == issue && f == fetch) return true;
    return false;
  };
  for (const auto& issue : sm::policies::registered_policies(PolicyKind::kIssue))
    add({issue.name, pairs_with(issue.name, "cff") ? "cff" : fetch0, dispatch0});
  for (const auto& fetch : sm::policies::registered_policies(PolicyKind::kFetch))
    if (pairs_with(issue0, fetch.name)) add({issue0, fetch.name, dispatch0});
  for (const auto& d : registered_policy_sets())
    if (d.dispatch != dispatch0) add(d);
  return out;
}

// The policy sets the matrix tests run workload number `index` (its place in
// workloads::all_workloads()) under: every registered set under full_matrix(); otherwise
// `per_workload` consecutive covering sets, the window moving on by `per_workload` from one
// workload to the next, so that each covering set runs on about
// workloads x per_workload / sets workloads.
inline std::vector<PolicySet> policy_sets_for_workload(std::size_t index,
                                                       std::size_t per_workload) {
  if (full_matrix()) return registered_policy_sets();
  const std::vector<PolicySet> covering = covering_policy_sets();
  std::vector<PolicySet> out;
  for (std::size_t k = 0; k < per_workload && k < covering.size(); ++k)
    out.push_back(covering[(index * per_workload + k) % covering.size()]);
  return out;
}

// The same for the workload named `name`; a name that is not registered is an error of the test.
inline std::vector<PolicySet> policy_sets_for_workload(std::string_view name,
                                                       std::size_t per_workload) {
  const std::vector<const workloads::Workload*> all = workloads::all_workloads();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i]->name == name) return policy_sets_for_workload(i, per_workload);
  throw std::invalid_argument("policy_sets_for_workload: no workload named " + std::string(name));
}

// The cap `--dispatch static` needs ([sm] cta_limit), which the tests give every run (the other
// policies ignore it): two CTAs, fewer than most workloads' occupancy.
inline constexpr unsigned kTestCtaLimit = 2;

}  // namespace wf::test_support
