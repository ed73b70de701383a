// The rules between preset keys that no single key's range can express. preset_rules.cpp holds
// the structural ones (warps, threads, CTAs and schedulers; cache geometry; DRAM bursts); a
// library whose model implies more registers them with a PresetRuleRegistrar at namespace scope
// (sim_model/mem registers the latency floors its memory system implies).
#pragma once

#include <string>
#include <string_view>

#include "sim_model/presets/machine.h"

namespace wf {

using PresetRule = void (*)(const Machine&);

class PresetRuleRegistrar {
 public:
  explicit PresetRuleRegistrar(PresetRule rule);
};

// Throws the UsageError of a broken rule: "<where key's value came from>: [sec] key = V <rule>".
[[noreturn]] void break_preset_rule(const Machine& machine, std::string_view key,
                                    const std::string& rule);

}  // namespace wf
