// How a memory model below the L1s (a MemorySystem) registers itself. Its class declares
//   static constexpr std::string_view kName;  // [memory] model = "kName" chooses it
//   static constexpr std::string_view kHelp;  // one line for docs and messages
//   static std::unique_ptr<MemorySystem> create(const Machine&, unsigned num_sms, bool reference);
// and its header ends with WF_REGISTER_MEMORY_MODEL(ClassName) at the start of a line inside
// namespace wf::mem: the build reads those lines and generates the closed list
// (<build>/generated/sim_model/mem/memory_models.h) from which the registry
// (memory_model_registry.cpp) builds, so nothing else names a model. A model's preset keys are
// the schema's keys whose PresetKey::model is kName (preset_schema.cpp); rules between them it
// registers with a PresetRuleRegistrar that returns for presets of other models.
#pragma once

#include <concepts>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sim_model/mem/memory_system.h"

namespace wf::mem {

template <class M>
concept MemoryModel = std::derived_from<M, MemorySystem> && requires(const Machine& m) {
  { M::kName } -> std::convertible_to<std::string_view>;
  { M::kHelp } -> std::convertible_to<std::string_view>;
  { M::create(m, 1u, false) } -> std::same_as<std::unique_ptr<MemorySystem>>;
};

template <class... Ms>
struct MemoryModelList {
  // Calls f.template operator()<M>() for every model, in order.
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<Ms>(), ...);
  }
};

struct MemoryModelInfo {
  std::string_view name, help;
};

// The registered models, in the order of their headers' names.
const std::vector<MemoryModelInfo>& memory_models();
// "gddr, row_buffer".
std::string memory_model_names();

}  // namespace wf::mem

#define WF_REGISTER_MEMORY_MODEL(TYPE)                                            \
  static_assert(::wf::mem::MemoryModel<TYPE>, #TYPE                               \
                ": a memory model derives from MemorySystem and declares kName, " \
                "kHelp and create (sim_model/mem/memory_model.h)")
