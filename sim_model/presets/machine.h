// A machine preset: the TOML description of a simulated GPU (sim_model/presets/*.toml). Every
// key is checked once, here, against the schema (preset_schema.h: ranges, powers of two,
// unknown keys) and the rules between keys (preset_rules.h); every command (gen, equiv, sim,
// exec, ...) reads its machine through this, so none can take a machine another refuses.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sim_model/presets/preset_schema.h"

namespace wf {

struct PresetValue {
  std::uint64_t value = 0;
  // Where the value came from, for messages: "FILE:LINE", "--param KEY=VALUE", "default" or
  // "derived".
  std::string origin;
};

struct Machine {
  std::string name;
  std::string description;
  // The preset file, or "preset NAME" for a built-in one.
  std::string origin;

  // [sm], the part every block derives its parameters from; kept equal to `values`.
  unsigned warp_size = 32;
  unsigned max_warps = 48;          // warps per SM
  unsigned max_ctas = 8;            // CTA slots per SM
  unsigned max_warps_per_cta = 48;  // largest CTA the SM accepts
  unsigned schedulers = 2;          // warp schedulers per SM (warp w -> scheduler w mod n)
  unsigned ibuffer_entries = 2;     // I-buffer entries per warp

  // Every numeric key of the schema by "section.key", given or not.
  std::map<std::string, PresetValue, std::less<>> values;
  // [policy] key -> policy name, for the keys the preset gives. The policy registry checks the
  // names (policies::check_preset_policies), as the preset loader cannot see it.
  std::map<std::string, std::string, std::less<>> policies;
  // Where each of those was given, "FILE:LINE", for messages that blame a policy.
  std::map<std::string, std::string, std::less<>> policy_origins;
  // [memory] model: the golden memory system below the L1s, by its registered name; the
  // memory-model registry (sim_model/mem) checks it, as the preset loader cannot see it. Keys of
  // other models (PresetKey::model) are refused. Its origin: "FILE:LINE" or "default".
  std::string memory_model{kDefaultMemoryModel};
  std::string memory_model_origin = "default";

  unsigned warps_per_scheduler() const { return (max_warps + schedulers - 1) / schedulers; }
  // The value of a schema key ("l1d.sets"); a key outside the schema is a programming error.
  std::uint64_t value(std::string_view qualified_key) const;
  // Threads a hardware warp holds: [sm] large_warp_size with large warps (LWM), else
  // warp_size. max_warps, max_warps_per_cta and max_ctas count these warps.
  std::uint64_t threads_per_warp() const {
    const auto it = values.find("sm.large_warp_size");
    return it != values.end() && it->second.value != 0 ? it->second.value : value("sm.warp_size");
  }
  // "[l1d] sets = 32 (FILE:27)", for messages; without the origin if `with_origin` is false.
  std::string describe(std::string_view qualified_key, bool with_origin = true) const;
};

// `name_or_path` is a built-in preset's name (gtx480) or a path to a .toml file. Throws
// UsageError naming the preset file, the key and the rule it breaks.
Machine load_machine(const std::string& name_or_path);
// The same for preset text; `origin` names it in messages.
Machine parse_machine(const std::string& text, const std::string& origin);

// `--param KEY=VALUE` for a preset key: "section.key", or the bare key where only one section
// has it. Checks the key's range; the rules between keys are checked by check_machine once all
// parameters are set. Returns the key set, or nullptr if KEY is not a preset key.
const PresetKey* set_machine_param(Machine& machine, const std::string& key,
                                   const std::string& value);

// The rules between keys (preset_rules.cpp and those other libraries register). Throws
// UsageError naming where the offending values came from.
void check_machine(const Machine& machine);

// Names of the presets compiled into warpforge.
std::vector<std::string> builtin_presets();
// A built-in preset's text (for tests and tools that derive a preset from one).
const std::string& builtin_preset_text(const std::string& name);

// Default preset of every command.
inline constexpr const char* kDefaultPreset = "gtx480";

}  // namespace wf
