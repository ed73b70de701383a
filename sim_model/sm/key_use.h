// Preset keys that only some runs read. A key of the schema is read by every run unless a rule
// here says otherwise: [sm] cta_limit only by `--dispatch static`, the LWM options only by an SM
// with large warps, and so on. The command line uses this to refuse a --param (or the option
// that stands for one, --cta-limit) that the chosen policies and machine would never read,
// rather than run as if it had not been given.
//
// Policies state the keys only they read as `P::kOwnKeys` (policy_info.h), and the policy
// registry turns those into one rule; anything else that reads a key under a condition
// registers its own rule with a KeyUseRegistrar at namespace scope, beside the code that reads
// the key.
#pragma once

#include <string>
#include <string_view>

namespace wf::sm {

struct TimingConfig;

// Why a run of `config` would not read `qualified_key` ("sm.cta_limit"), as the end of a
// sentence about the key ("is read only by --dispatch static, and this run's CTA dispatch policy
// is ..."), or empty when it would read it or the key is not the rule's concern.
using KeyUseRule = std::string (*)(const TimingConfig& config, std::string_view qualified_key);

class KeyUseRegistrar {
 public:
  explicit KeyUseRegistrar(KeyUseRule rule);
};

// The first registered rule's reason, or empty when the run reads the key.
std::string unread_key_reason(const TimingConfig& config, std::string_view qualified_key);

}  // namespace wf::sm
