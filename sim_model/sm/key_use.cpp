#include "sim_model/sm/key_use.h"

#include <vector>

namespace wf::sm {
namespace {

std::vector<KeyUseRule>& registered_rules() {
  static std::vector<KeyUseRule> rules;
  return rules;
}

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
