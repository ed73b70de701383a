#include "sim_model/presets/machine.h"

#include <algorithm>
#include <bit>
#include <filesystem>
#include <stdexcept>

#include <toml++/toml.h>

#include "sim_model/common/decimal.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "sim_model/presets/preset_schema.h"

namespace wf {

// Generated at build time from sim_model/presets/*.toml (see CMakeLists.txt).
const std::map<std::string, std::string>& builtin_preset_texts();

namespace {

std::string line_of(const std::string& origin, const toml::node& node) {
  return origin + ":" + std::to_string(node.source().begin.line);
}

std::string range_text(const PresetKey& k) {
  return std::string(k.power_of_two ? "a power of two" : "an integer") + " in " +
         std::to_string(k.min) + ".." + std::to_string(k.max);
}

bool in_range(const PresetKey& k, std::uint64_t v) {
  return v >= k.min && v <= k.max && (!k.power_of_two || std::has_single_bit(v));
}

void sync_fields(Machine& m) {
  auto u = [&](const char* key) { return static_cast<unsigned>(m.value(key)); };
  m.warp_size = u("sm.warp_size");
  m.max_warps = u("sm.max_warps");
  m.max_ctas = u("sm.max_ctas");
  m.max_warps_per_cta = u("sm.max_warps_per_cta");
  m.schedulers = u("sm.schedulers");
  m.ibuffer_entries = u("sm.ibuffer_entries");
}

// A derived key that nobody stated follows what it derives from. One that a preset or a --param
// stated stays as stated, and the rule between the keys (preset_rules.cpp) judges it, so a
// --param of max_warps or large_warp_size is held to the preset's max_threads exactly as an edit
// of the preset file is; `--param max_threads=N` states it anew.
void derive(Machine& m) {
  PresetValue& threads = m.values["sm.max_threads"];
  if (threads.origin != "derived" && threads.origin != "default") return;
  threads.value = m.value("sm.max_warps") * m.threads_per_warp();
  threads.origin = "derived";
}

std::string text_key(const std::string& origin, const toml::table& t, const std::string& key) {
  const toml::node* node = t.get(key);
  if (!node) return {};
  const auto value = node->value<std::string>();
  if (!value) throw UsageError(line_of(origin, *node) + ": " + key + ": expected a string");
  return *value;
}

void read_section(Machine& m, const std::string& origin, const std::string& section,
                  const toml::table& table) {
  for (const auto& [key_name, node] : table) {
    const std::string key(key_name.str());
    if (section == kPolicySection) {
      bool known = false;
      for (std::string_view k : kPolicyKeys) known = known || k == key;
      const auto name = node.value<std::string>();
      if (!known || !name)
        throw UsageError(line_of(origin, node) + ": [policy] " + key + ": " +
                         (known ? "expected a policy name (a string)"
                                : "unknown key; expected issue, fetch or cta_dispatch"));
      m.policies[key] = *name;
      m.policy_origins[key] = line_of(origin, node);
      continue;
    }
    if (section == kMemorySection && key == kMemoryModelKey) {
      const auto name = node.value<std::string>();
      if (!name)
        throw UsageError(line_of(origin, node) +
                         ": [memory] model: expected a memory model name (a string)");
      m.memory_model = *name;
      m.memory_model_origin = line_of(origin, node);
      continue;
    }
    const PresetKey* k = find_preset_key(section, key);
    if (!k) {
      std::string keys;
      for (const PresetKey& p : preset_keys())
        if (p.section == section) keys += (keys.empty() ? "" : ", ") + std::string(p.key);
      if (section == kMemorySection) keys += ", " + std::string(kMemoryModelKey);
      throw UsageError(line_of(origin, node) + ": [" + section + "] " + key +
                       ": unknown key; expected one of " + keys);
    }
    const auto v = node.value_exact<std::int64_t>();
    if (!v || *v < 0 || !in_range(*k, static_cast<std::uint64_t>(*v)))
      throw UsageError(line_of(origin, node) + ": " + k->display() + ": expected " +
                       range_text(*k));
    m.values[k->qualified()] = {static_cast<std::uint64_t>(*v), line_of(origin, node)};
  }
}

// A key of another memory model would be read by nothing: say whose it is.
std::string model_mismatch(const PresetKey& k, const Machine& m) {
  return "belongs to [memory] model \"" + std::string(k.model) + "\", and the preset's is \"" +
         m.memory_model + "\" (" +
         (m.memory_model_origin == "default" ? "the default" : m.memory_model_origin) +
         "); leave it out";
}

}  // namespace

std::uint64_t Machine::value(std::string_view qualified_key) const {
  const auto it = values.find(qualified_key);
  if (it == values.end())
    throw std::logic_error("preset key " + std::string(qualified_key) + " is not in the schema");
  return it->second.value;
}

std::string Machine::describe(std::string_view qualified_key, bool with_origin) const {
  const auto dot = qualified_key.find('.');
  const auto it = values.find(qualified_key);
  std::string text = std::string("[").append(qualified_key.substr(0, dot)).append("] ");
  text.append(qualified_key.substr(dot + 1)).append(" = ");
  text += it == values.end() ? "?" : std::to_string(it->second.value);
  if (with_origin && it != values.end()) text += " (" + it->second.origin + ")";
  return text;
}

Machine parse_machine(const std::string& text, const std::string& origin) {
  toml::table t;
  try {
    t = toml::parse(text, origin);
  } catch (const toml::parse_error& e) {
    const auto& where = e.source().begin;
    throw UsageError(origin + ":" + std::to_string(where.line) + ":" +
                     std::to_string(where.column) + ": " + std::string(e.description()));
  }
  Machine m;
  m.origin = origin;
  for (const auto& [key_name, node] : t) {
    const std::string key(key_name.str());
    if (key == "name" || key == "description") continue;
    const bool known =
        key == kPolicySection || std::any_of(preset_keys().begin(), preset_keys().end(),
                                             [&](const PresetKey& k) { return k.section == key; });
    if (!known)
      throw UsageError(
          line_of(origin, node) + ": " +
          (node.is_table() ? "[" + key + "]: unknown section" : key + ": unknown key") +
          "; expected name, description, [gpu], [sm], [l1d], [l1i], [pipeline], "
          "[memory], [l2], [dram], [syncmon] or [policy]");
    const toml::table* section = node.as_table();
    if (!section)
      throw UsageError(line_of(origin, node) + ": " + key + ": expected a table [" + key + "]");
    read_section(m, origin, key, *section);
  }
  m.name = text_key(origin, t, "name");
  if (m.name.empty()) throw UsageError(origin + ": name: expected a string naming the preset");
  m.description = text_key(origin, t, "description");
  for (const PresetKey& k : preset_keys()) {
    const auto stated = m.values.find(k.qualified());
    if (stated != m.values.end() && !key_describes_model(k, m.memory_model))
      throw UsageError(stated->second.origin + ": " + k.display() + ": " + model_mismatch(k, m));
  }
  for (const PresetKey& k : preset_keys()) {
    if (m.values.contains(k.qualified())) continue;
    if (k.absent == PresetKey::Absent::kRequired && key_describes_model(k, m.memory_model))
      throw UsageError(
          origin + ": " + k.display() + ": missing; expected " + range_text(k) +
          (k.model.empty() ? ""
                           : " (required with [memory] model = \"" + std::string(k.model) + "\")"));
    m.values[k.qualified()] = {k.fallback, "default"};
    if (k.absent == PresetKey::Absent::kDerived) derive(m);
  }
  sync_fields(m);
  check_machine(m);  // a stated derived key must agree with what it derives from
  return m;
}

Machine load_machine(const std::string& name_or_path) {
  const auto& builtin = builtin_preset_texts();
  if (auto it = builtin.find(name_or_path); it != builtin.end()) {
    return parse_machine(it->second, "preset " + name_or_path);
  }
  if (name_or_path.ends_with(".toml") || std::filesystem::exists(name_or_path)) {
    return parse_machine(read_input_file(name_or_path, kMaxConfigBytes, "preset file"),
                         name_or_path);
  }
  std::string names;
  for (const auto& [name, text] : builtin) names += (names.empty() ? "" : ", ") + name;
  throw UsageError("unknown preset '" + name_or_path + "': expected one of " + names +
                   " or a path to a .toml file");
}

const PresetKey* set_machine_param(Machine& m, const std::string& key, const std::string& value) {
  // "section.key" names one key; a bare key, every section's key of that name.
  std::vector<const PresetKey*> matches;
  for (const PresetKey& k : preset_keys())
    if (key == k.qualified() || key == k.key) matches.push_back(&k);
  if (matches.empty()) return nullptr;
  const std::string param = "--param " + key + "=" + value;
  if (matches.size() > 1) {
    std::string names;
    for (const PresetKey* k : matches) names += (names.empty() ? "" : ", ") + k->qualified();
    throw UsageError(param + ": " + key + " is in more than one section; expected one of " + names);
  }
  const PresetKey* match = matches.front();
  if (!key_describes_model(*match, m.memory_model))
    throw UsageError(param + ": " + match->display() + " " + model_mismatch(*match, m));
  std::uint64_t v = 0;
  if (!parse_decimal(value, v) || !in_range(*match, v))
    throw UsageError(param + ": expected " + range_text(*match));
  m.values[match->qualified()] = {v, param};
  derive(m);
  sync_fields(m);
  return match;
}

std::vector<std::string> builtin_presets() {
  std::vector<std::string> names;
  for (const auto& [name, text] : builtin_preset_texts()) names.push_back(name);
  return names;
}

const std::string& builtin_preset_text(const std::string& name) {
  const auto& builtin = builtin_preset_texts();
  const auto it = builtin.find(name);
  if (it == builtin.end()) throw std::logic_error("no built-in preset " + name);
  return it->second;
}

}  // namespace wf
