#include "sim_model/presets/machine.h"

#include <filesystem>
#include <map>

#include <toml++/toml.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"

namespace wf {

// Generated at build time from sim_model/presets/*.toml (see CMakeLists.txt).
const std::map<std::string, std::string>& builtin_preset_texts();

namespace {

unsigned read_uint(const toml::table& t, const std::string& origin, const char* section,
                   const char* key, unsigned min, unsigned max) {
  const auto node = t[section][key];
  const auto value = node.value<std::int64_t>();
  if (!value || *value < min || *value > max) {
    throw UsageError(origin + ": [" + section + "] " + key + ": expected an integer in " +
                     std::to_string(min) + ".." + std::to_string(max));
  }
  return static_cast<unsigned>(*value);
}

Machine parse(const std::string& text, const std::string& origin) {
  toml::table t;
  try {
    t = toml::parse(text, origin);
  } catch (const toml::parse_error& e) {
    const auto& where = e.source().begin;
    throw UsageError(origin + ":" + std::to_string(where.line) + ":" +
                     std::to_string(where.column) + ": " + std::string(e.description()));
  }
  Machine m;
  m.toml_text = text;
  m.name = t["name"].value_or(std::string{});
  if (m.name.empty()) throw UsageError(origin + ": name: expected a string naming the preset");
  m.description = t["description"].value_or(std::string{});
  m.warp_size = read_uint(t, origin, "sm", "warp_size", 1, 1024);
  m.max_warps = read_uint(t, origin, "sm", "max_warps", 1, 64);
  m.max_ctas = read_uint(t, origin, "sm", "max_ctas", 1, 32);
  m.max_warps_per_cta = read_uint(t, origin, "sm", "max_warps_per_cta", 1, 64);
  m.schedulers = read_uint(t, origin, "sm", "schedulers", 1, 4);
  if (t["sm"]["ibuffer_entries"]) {
    m.ibuffer_entries = read_uint(t, origin, "sm", "ibuffer_entries", 1, 8);
  }
  return m;
}

}  // namespace

Machine load_machine(const std::string& name_or_path) {
  const auto& builtin = builtin_preset_texts();
  if (auto it = builtin.find(name_or_path); it != builtin.end()) {
    return parse(it->second, "preset " + name_or_path);
  }
  if (name_or_path.ends_with(".toml") || std::filesystem::exists(name_or_path)) {
    return parse(read_input_file(name_or_path, kMaxConfigBytes, "preset file"), name_or_path);
  }
  std::string names;
  for (const auto& [name, text] : builtin) names += (names.empty() ? "" : ", ") + name;
  throw UsageError("unknown preset '" + name_or_path + "': expected one of " + names +
                   " or a path to a .toml file");
}

std::vector<std::string> builtin_presets() {
  std::vector<std::string> names;
  for (const auto& [name, text] : builtin_preset_texts()) names.push_back(name);
  return names;
}

}  // namespace wf
