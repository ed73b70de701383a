// The registered scheduling policies, by kind and name: what `warpforge sim` accepts for
// --issue, --fetch and --dispatch, its help, `--list-policies`, and the pairing rules between
// an issue and a fetch policy. Built from the generated policy lists (policy.h); nothing here
// names a policy.
#pragma once

#include <string>
#include <vector>

namespace wf::sm {
struct TimingConfig;
}  // namespace wf::sm

namespace wf::sm::policies {

enum class PolicyKind { kIssue, kFetch, kDispatch };
inline constexpr PolicyKind kPolicyKinds[] = {PolicyKind::kIssue, PolicyKind::kFetch,
                                              PolicyKind::kDispatch};

struct PolicyInfo {
  PolicyKind kind = PolicyKind::kIssue;
  std::string name;                 // as --issue/--fetch/--dispatch spell it
  std::string help;                 // one line
  std::vector<std::string> blocks;  // the golden blocks it calls
  bool is_default = false;
  std::string cff_mode;  // issue policies: the CFF fetch arbiter mode they pair with ("" none)
  // The preset keys ("sm.cta_limit") that only policies read: a run whose policies read none
  // of them has no use for a --param of one (P::kOwnKeys, inherited by a policy derived from
  // one that has it; key_use.h).
  std::vector<std::string> own_keys;
};

// The command-line option of a kind: "--issue", "--fetch", "--dispatch".
std::string option_name(PolicyKind kind);
// The key of the kind in a preset's [policy] table: "issue", "fetch", "cta_dispatch".
std::string preset_key(PolicyKind kind);
// "issue", "fetch", "CTA dispatch".
std::string kind_title(PolicyKind kind);
// Every policy of `kind`: the default first, then in the order of their files.
const std::vector<PolicyInfo>& registered_policies(PolicyKind kind);
// Throws UsageError naming the option and every registered policy of the kind.
const PolicyInfo& find_policy(PolicyKind kind, const std::string& name);
// The registered names joined by `separator`.
std::string policy_names(PolicyKind kind, const std::string& separator = "|");
// The kind's default policy (kDefault).
std::string default_policy(PolicyKind kind);
// Where the run's policy of `kind` was chosen, for messages that blame it: "--fetch cff",
// "[policy] fetch = \"cff\" (FILE:LINE)", or "the default fetch policy lrr".
std::string policy_source(const TimingConfig& config, PolicyKind kind);
// Throws UsageError when a policy of `config` is not registered, the machine lacks what one
// needs (P::check) or the fetch policy cannot pair with the issue policy; the message names
// where the policy was chosen (policy_source).
void check_policies(const TimingConfig& config);
// The blocks every SM holds whatever its policies (the barrier unit's warp priority table).
std::vector<std::string> sm_core_blocks();
// The blocks an SM holds beside those when its machine has large warps ([sm] large_warp_size):
// the sub-warp issue's packer.
std::vector<std::string> large_warp_blocks();
// The blocks an SM of `config` calls: its issue and fetch policies' and the SM's own, each once.
std::vector<std::string> blocks_of(const TimingConfig& config);

}  // namespace wf::sm::policies
