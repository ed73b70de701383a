#include "sim_model/sm/key_use.h"

#include <vector>

namespace wf::sm {
namespace {

std::vector<KeyUseRule>& registered_rules() {
  static std::vector<KeyUseRule> rules;
  return rules;
}

// AWG's SyncMon exists as hardware blocks (gen, equiv, prove, area) before the cycle model
// has one.
std::string syncmon_keys_unread(const TimingConfig&, std::string_view key) {
  if (!key.starts_with("syncmon.")) return {};
  return "is read only by the SyncMon's blocks (gen, equiv, prove, area); the cycle model has "
         "no SyncMon yet";
}
const KeyUseRegistrar syncmon_keys_registered(syncmon_keys_unread);

}  // namespace

KeyUseRegistrar::KeyUseRegistrar(KeyUseRule rule) {
  registered_rules().push_back(rule);
}

std::string unread_key_reason(const TimingConfig& config, std::string_view qualified_key) {
  for (const KeyUseRule rule : registered_rules()) {
    if (std::string reason = rule(config, qualified_key); !reason.empty()) return reason;
  }
  return {};
}

}  // namespace wf::sm
