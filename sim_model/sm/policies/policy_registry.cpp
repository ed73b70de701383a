#include <algorithm>

#include "sim_model/common/error.h"
#include "sim_model/presets/preset_rules.h"
#include "sim_model/sm/barrier_unit.h"
#include "sim_model/sm/key_use.h"
#include "sim_model/sm/policies/dispatch_policies.h"
#include "sim_model/sm/policies/fetch_policies.h"
#include "sim_model/sm/policies/issue_policies.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/subwarp_issue.h"

namespace wf::sm::policies {
namespace {

template <class P>
PolicyInfo info(PolicyKind kind) {
  PolicyInfo i;
  i.kind = kind;
  i.name = P::kName;
  i.help = P::kHelp;
  i.blocks = block_names<P>();
  i.is_default = P::kDefault;
  if constexpr (requires { P::kCffMode; }) {
    if (P::kCffMode) i.cff_mode = P::kCffMode;
  }
  if constexpr (requires { P::kOwnKeys; }) {
    for (const auto key : P::kOwnKeys) i.own_keys.emplace_back(key);
  }
  return i;
}

template <class List>
std::vector<PolicyInfo> infos(PolicyKind kind) {
  std::vector<PolicyInfo> out;
  List::for_each([&]<class P>() { out.push_back(info<P>(kind)); });
  // The default (the baseline) first, then the order of the files.
  std::stable_partition(out.begin(), out.end(), [](const PolicyInfo& p) { return p.is_default; });
  return out;
}

// Each kind's members, checked where every list meets.
template <class... P>
constexpr bool all_issue(TypeList<P...>) {
  return (IssuePolicy<P> && ...);
}
template <class... P>
constexpr bool all_fetch(TypeList<P...>) {
  return (FetchPolicy<P> && ...);
}
template <class... P>
constexpr bool all_dispatch(TypeList<P...>) {
  return (DispatchPolicy<P> && ...);
}
static_assert(all_issue(IssuePolicyList{}), "an issue policy lacks a member (issue_policy.h)");
static_assert(all_fetch(FetchPolicyList{}), "a fetch policy lacks a member (fetch_policy.h)");
static_assert(all_dispatch(DispatchPolicyList{}),
              "a dispatch policy lacks a member (dispatch_policy.h)");

}  // namespace

std::string option_name(PolicyKind kind) {
  switch (kind) {
    case PolicyKind::kIssue:
      return "--issue";
    case PolicyKind::kFetch:
      return "--fetch";
    case PolicyKind::kDispatch:
      return "--dispatch";
  }
  return "?";
}

std::string preset_key(PolicyKind kind) {
  return kind == PolicyKind::kDispatch ? "cta_dispatch" : option_name(kind).substr(2);
}

std::string kind_title(PolicyKind kind) {
  switch (kind) {
    case PolicyKind::kIssue:
      return "issue";
    case PolicyKind::kFetch:
      return "fetch";
    case PolicyKind::kDispatch:
      return "CTA dispatch";
  }
  return "?";
}

const std::vector<PolicyInfo>& registered_policies(PolicyKind kind) {
  static const std::vector<PolicyInfo> issue = infos<IssuePolicyList>(PolicyKind::kIssue);
  static const std::vector<PolicyInfo> fetch = infos<FetchPolicyList>(PolicyKind::kFetch);
  static const std::vector<PolicyInfo> dispatch = infos<DispatchPolicyList>(PolicyKind::kDispatch);
  switch (kind) {
    case PolicyKind::kIssue:
      return issue;
    case PolicyKind::kFetch:
      return fetch;
    case PolicyKind::kDispatch:
      break;
  }
  return dispatch;
}

std::string policy_names(PolicyKind kind, const std::string& separator) {
  std::string out;
  for (const auto& p : registered_policies(kind)) out += (out.empty() ? "" : separator) + p.name;
  return out;
}

const PolicyInfo& find_policy(PolicyKind kind, const std::string& name) {
  const auto& all = registered_policies(kind);
  const auto it =
      std::find_if(all.begin(), all.end(), [&](const PolicyInfo& p) { return p.name == name; });
  if (it == all.end())
    throw UsageError(option_name(kind) + ": unknown " + kind_title(kind) + " policy \"" + name +
                     "\"; expected one of " + policy_names(kind, ", "));
  return *it;
}

std::string default_policy(PolicyKind kind) {
  for (const auto& p : registered_policies(kind))
    if (p.is_default) return p.name;
  return registered_policies(kind).front().name;
}

std::string policy_source(const TimingConfig& config, PolicyKind kind) {
  const std::string& origin = config.policy_origin(kind);
  if (!origin.empty()) return origin;
  return "the default " + kind_title(kind) + " policy " + config.policy(kind);
}

void check_policies(const TimingConfig& config) {
  const PolicyInfo& issue = find_policy(PolicyKind::kIssue, config.issue);
  find_policy(PolicyKind::kFetch, config.fetch);
  find_policy(PolicyKind::kDispatch, config.dispatch);
  // A policy's own requirements on the machine (`static std::string P::check(const
  // TimingConfig&)`: why it cannot run, or empty).
  auto own = [&]<class P>(PolicyKind kind) {
    if constexpr (requires { P::check(config); }) {
      if (config.policy(kind) != P::kName) return;
      if (const std::string problem = P::check(config); !problem.empty())
        throw UsageError(policy_source(config, kind) + ": " + problem);
    }
  };
  IssuePolicyList::for_each([&]<class P>() { own.template operator()<P>(PolicyKind::kIssue); });
  FetchPolicyList::for_each([&]<class P>() { own.template operator()<P>(PolicyKind::kFetch); });
  DispatchPolicyList::for_each(
      [&]<class P>() { own.template operator()<P>(PolicyKind::kDispatch); });
  std::string error;
  FetchPolicyList::for_each([&]<class P>() {
    if (config.fetch == P::kName) error = P::pairing_error(issue);
  });
  if (!error.empty())
    throw UsageError(policy_source(config, PolicyKind::kFetch) + ": " + error +
                     "; the issue policy is from " + policy_source(config, PolicyKind::kIssue));
}

namespace {

// A preset's [policy] names are checked with the rest of the preset, by every command.
void preset_policies_rule(const Machine& machine) {
  for (const PolicyKind kind : kPolicyKinds) {
    const auto it = machine.policies.find(preset_key(kind));
    if (it == machine.policies.end()) continue;
    const auto& all = registered_policies(kind);
    if (std::none_of(all.begin(), all.end(),
                     [&](const PolicyInfo& p) { return p.name == it->second; }))
      throw UsageError(machine.origin + ": [policy] " + it->first + ": unknown " +
                       kind_title(kind) + " policy \"" + it->second + "\"; expected one of " +
                       policy_names(kind, ", "));
  }
}

const PresetRuleRegistrar preset_policies_registered(preset_policies_rule);

// A key some policies own (P::kOwnKeys) is read only when one of them runs.
std::string policy_keys_unread(const TimingConfig& config, std::string_view key) {
  std::string owners, chosen;
  for (const PolicyKind kind : kPolicyKinds) {
    bool owned = false;
    for (const PolicyInfo& p : registered_policies(kind)) {
      if (std::find(p.own_keys.begin(), p.own_keys.end(), key) == p.own_keys.end()) continue;
      if (config.policy(kind) == p.name) return {};
      owners += (owners.empty() ? "" : " or ") + option_name(kind) + " " + p.name;
      owned = true;
    }
    if (owned) chosen += (chosen.empty() ? "" : " and ") + policy_source(config, kind);
  }
  if (owners.empty()) return {};
  return "is read only by " + owners + ", and this run uses " + chosen;
}
const KeyUseRegistrar policy_keys_registered(policy_keys_unread);

}  // namespace

std::vector<std::string> sm_core_blocks() {
  return block_names<BarrierUnit>();
}

std::vector<std::string> large_warp_blocks() {
  return {SubwarpIssue::Slot::Block::kName};
}

std::vector<std::string> blocks_of(const TimingConfig& config) {
  std::vector<std::string> out;
  auto add = [&](const std::vector<std::string>& names) {
    for (const auto& n : names)
      if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
  };
  add(find_policy(PolicyKind::kIssue, config.issue).blocks);
  add(find_policy(PolicyKind::kFetch, config.fetch).blocks);
  add(find_policy(PolicyKind::kDispatch, config.dispatch).blocks);
  add(sm_core_blocks());
  if (config.large_warp_size) add(large_warp_blocks());
  return out;
}

}  // namespace wf::sm::policies
