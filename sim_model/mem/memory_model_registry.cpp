#include <algorithm>
#include <stdexcept>

#include "sim_model/common/error.h"
#include "sim_model/mem/memory_model.h"
#include "sim_model/mem/memory_models.h"  // generated: RegisteredMemoryModels
#include "sim_model/presets/preset_rules.h"

namespace wf::mem {
namespace {

// The schema's model tags must name registered models, or their keys could never be stated.
void schema_models_rule(const Machine&) {
  for (const PresetKey& k : preset_keys()) {
    if (k.model.empty()) continue;
    const auto& all = memory_models();
    if (std::none_of(all.begin(), all.end(),
                     [&](const MemoryModelInfo& i) { return i.name == k.model; }))
      throw std::logic_error("preset key " + k.qualified() + " belongs to memory model " +
                             std::string(k.model) + ", which is not registered");
  }
}

// A preset's [memory] model is checked with the rest of the preset, by every command.
void preset_model_rule(const Machine& m) {
  schema_models_rule(m);
  const auto& all = memory_models();
  if (std::none_of(all.begin(), all.end(),
                   [&](const MemoryModelInfo& i) { return i.name == m.memory_model; }))
    throw UsageError((m.memory_model_origin == "default" ? m.origin : m.memory_model_origin) +
                     ": [memory] model: unknown memory model \"" + m.memory_model +
                     "\"; expected one of " + memory_model_names());
}

const PresetRuleRegistrar preset_model_registered(preset_model_rule);

}  // namespace

const std::vector<MemoryModelInfo>& memory_models() {
  static const std::vector<MemoryModelInfo> models = [] {
    std::vector<MemoryModelInfo> out;
    RegisteredMemoryModels::for_each([&]<class M>() {
      out.push_back(MemoryModelInfo{M::kName, M::kHelp});
    });
    return out;
  }();
  return models;
}

std::string memory_model_names() {
  std::string out;
  for (const MemoryModelInfo& i : memory_models())
    out += (out.empty() ? "" : ", ") + std::string(i.name);
  return out;
}

std::unique_ptr<MemorySystem> make_memory_system(const Machine& machine, unsigned num_sms,
                                                 bool reference) {
  std::unique_ptr<MemorySystem> made;
  RegisteredMemoryModels::for_each([&]<class M>() {
    if (!made && machine.memory_model == M::kName) made = M::create(machine, num_sms, reference);
  });
  // The preset rule above refused any other name when the machine was loaded.
  if (!made) throw std::logic_error("memory model " + machine.memory_model + " is not registered");
  return made;
}

}  // namespace wf::mem
