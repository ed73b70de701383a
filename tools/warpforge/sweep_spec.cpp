#include "tools/warpforge/sweep_spec.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>
#include <system_error>

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include "sim_model/common/error.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/policies/policy_info.h"
#include "workloads/workload.h"

namespace wf::cli {
// Named, not anonymous: the command line compiles as a unity build, where another file's
// helpers of the same names may meet these.
namespace sweep_spec_impl {

using sm::policies::PolicyKind;

// The axes before the [params] keys, in column order; the file's key for each.
struct FixedAxis {
  const char* column;
  const char* key;
};
constexpr FixedAxis kFixedAxes[] = {{"workload", "workloads"}, {"preset", "presets"},
                                    {"issue", "issue"},        {"fetch", "fetch"},
                                    {"dispatch", "dispatch"},  {"size", "sizes"}};
constexpr const char* kTopKeys =
    "name, workloads, suites, [[programs]], [[specs]], presets, issue, fetch, dispatch, sizes, "
    "[params] or [[exclude]]";

std::string where(const std::string& origin, const toml::node& n) {
  return fmt::format("{}:{}", origin, n.source().begin.line);
}

// A scalar as `--param KEY=VALUE` and the CSV show it: integers in decimal, floats as
// written by toml++, strings as they are.
std::string scalar_text(const std::string& origin, const std::string& key, const toml::node& n) {
  if (const auto i = n.value_exact<std::int64_t>()) return std::to_string(*i);
  if (const auto s = n.value_exact<std::string>()) {
    if (s->empty())
      throw UsageError(where(origin, n) + ": " + key + ": expected a non-empty value");
    return *s;
  }
  if (n.is_floating_point()) return fmt::format("{}", *n.value_exact<double>());
  throw UsageError(where(origin, n) + ": " + key + ": expected a number or a string");
}

// An axis's values: a non-empty array of distinct scalars.
std::vector<std::string> axis_values(const std::string& origin, const std::string& key,
                                     const toml::node& n) {
  const toml::array* a = n.as_array();
  if (!a || a->empty())
    throw UsageError(where(origin, n) + ": " + key + ": expected a non-empty array of values");
  std::vector<std::string> out;
  for (const toml::node& v : *a) {
    std::string s = scalar_text(origin, key, v);
    if (std::find(out.begin(), out.end(), s) != out.end())
      throw UsageError(where(origin, v) + ": " + key + ": \"" + s + "\" is listed twice");
    out.push_back(std::move(s));
  }
  return out;
}

void check_policy(const std::string& origin, const toml::node& n, const std::string& key,
                  PolicyKind kind, const std::string& name) {
  const auto& all = sm::policies::registered_policies(kind);
  if (std::none_of(all.begin(), all.end(), [&](const auto& p) { return p.name == name; }))
    throw UsageError(fmt::format("{}: {}: unknown {} policy \"{}\"; expected one of {}",
                                 where(origin, n), key, sm::policies::kind_title(kind), name,
                                 sm::policies::policy_names(kind, ", ")));
}

void check_size(const std::string& origin, const toml::node& n, const std::string& s) {
  if (s == "default" || s == "test") return;
  const bool digits =
      !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || s == "0" || s.size() > 18)
    throw UsageError(where(origin, n) +
                     ": sizes: expected positive integers, \"default\" or \"test\", found \"" + s +
                     "\"");
}

// The file's name for a file-name-safe stem: letters, digits, '.', '-' and '_' stay.
std::string safe(const std::string& s) {
  std::string out;
  for (char c : s) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '.' || c == '-' || c == '_';
    out += keep ? c : '~';
  }
  return out;
}

// FNV-1a, 64 bits, in hex: the same name for the same run on every machine.
std::string hex_hash(const std::string& s) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return fmt::format("{:016x}", h);
}

// The tables of a [[programs]] or [[specs]] array, each of `name` and `value_key`.
std::vector<const toml::table*> entry_tables(const std::string& origin, const std::string& key,
                                             const char* value_key, const toml::node& node) {
  const toml::array* a = node.as_array();
  if (!a || !a->is_array_of_tables())
    throw UsageError(fmt::format("{}: {}: expected [[{}]] tables of name and {}",
                                 where(origin, node), key, key, value_key));
  std::vector<const toml::table*> out;
  for (const toml::node& e : *a) {
    const toml::table& t = *e.as_table();
    for (const auto& [k, v] : t)
      if (k.str() != "name" && k.str() != value_key)
        throw UsageError(fmt::format("{}: {}.{}: unknown key; expected name or {}",
                                     where(origin, v), key, std::string(k.str()), value_key));
    if (!t.contains(value_key))
      throw UsageError(fmt::format("{}: {}: a table without {}", where(origin, e), key, value_key));
    out.push_back(&t);
  }
  return out;
}

// An entry's name: new on the workload axis, and fit for a file name.
std::string entry_name(const std::string& origin, const std::string& key, const toml::table& t,
                       const SweepSpec& spec) {
  const auto name = t["name"].value_exact<std::string>();
  if (!name || name->empty() || safe(*name) != *name || workloads::find_workload(*name) ||
      spec.programs.count(*name) || spec.specs.count(*name))
    throw UsageError(fmt::format(
        "{}: {}.name: expected a new name (letters, digits, '.', '-', '_'), not a workload's, "
        "a program's or a spec's",
        where(origin, t), key));
  return *name;
}

// A file an entry names, relative to the sweep file's folder, as an absolute path; a
// UsageError when it is no regular file.
std::string entry_path(const std::string& origin, const toml::node& at, const std::string& what,
                       const std::string& file) {
  std::filesystem::path path = file;
  if (path.is_relative()) path = std::filesystem::path(origin).parent_path() / path;
  std::error_code ec;
  path = std::filesystem::absolute(path, ec).lexically_normal();
  if (ec || !std::filesystem::is_regular_file(path, ec))
    throw UsageError(where(origin, at) + ": " + what + ": " + path.string() + " is not a file");
  return path.string();
}

}  // namespace sweep_spec_impl

SweepSpec parse_sweep_spec(const std::string& text, const std::string& origin) {
  toml::table t;
  try {
    t = toml::parse(text, origin);
  } catch (const toml::parse_error& e) {
    const auto& at = e.source().begin;
    throw UsageError(fmt::format("{}:{}:{}: {}", origin, at.line, at.column, e.description()));
  }
  SweepSpec spec;
  std::map<std::string, std::vector<std::string>> fixed;
  std::vector<std::string> workloads, suites_named, named_runs;
  for (const auto& [key_name, node] : t) {
    const std::string key(key_name.str());
    if (key == "name") {
      const auto s = node.value_exact<std::string>();
      if (!s || s->empty() || sweep_spec_impl::safe(*s) != *s)
        throw UsageError(sweep_spec_impl::where(origin, node) +
                         ": name: expected a non-empty string of letters, digits, '.', '-', '_'");
      spec.name = *s;
    } else if (key == "suites") {
      suites_named = sweep_spec_impl::axis_values(origin, key, node);
      for (const std::string& s : suites_named)
        if (suite_workloads(s, {}).empty())
          throw UsageError(sweep_spec_impl::where(origin, node) +
                           ": suites: no workload is in suite \"" + s + "\"");
    } else if (key == "params") {
      const toml::table* p = node.as_table();
      if (!p)
        throw UsageError(sweep_spec_impl::where(origin, node) +
                         ": params: expected a table [params]");
      for (const auto& [pk, pv] : *p) {
        const std::string param(pk.str());
        if (param.find('=') != std::string::npos || param.empty())
          throw UsageError(sweep_spec_impl::where(origin, pv) + ": params: \"" + param +
                           "\" is not a key");
        spec.axes.push_back({param, sweep_spec_impl::axis_values(origin, "params." + param, pv)});
      }
    } else if (key == "programs" || key == "specs") {
      const bool programs = key == "programs";
      const char* value_key = programs ? "command" : "file";
      for (const toml::table* t : sweep_spec_impl::entry_tables(origin, key, value_key, node)) {
        const std::string name = sweep_spec_impl::entry_name(origin, key, *t, spec);
        const std::string what = key + "." + name + "." + value_key;
        const toml::node& at = *(*t)[value_key].node();
        if (programs) {
          const toml::array* cmd = (*t)[value_key].as_array();
          std::vector<std::string> argv;
          if (cmd)
            for (const toml::node& c : *cmd)
              if (const auto w = c.value_exact<std::string>()) argv.push_back(*w);
          if (!cmd || argv.empty() || argv.size() != cmd->size())
            throw UsageError(sweep_spec_impl::where(origin, at) + ": " + what +
                             ": expected a non-empty array of strings, the program first");
          const std::string prog = sweep_spec_impl::entry_path(origin, at, what, argv[0]);
          if (access(prog.c_str(), X_OK) != 0)
            throw UsageError(sweep_spec_impl::where(origin, at) + ": " + what + ": " + prog +
                             " is not an executable file");
          argv[0] = prog;
          spec.programs[name] = argv;
        } else {
          const auto file = (*t)[value_key].value_exact<std::string>();
          if (!file)
            throw UsageError(sweep_spec_impl::where(origin, at) + ": " + what +
                             ": expected the path of a launch spec (TOML)");
          spec.specs[name] = sweep_spec_impl::entry_path(origin, at, what, *file);
        }
        named_runs.push_back(name);
      }
    } else if (key == "exclude") {
      const toml::array* a = node.as_array();
      if (!a || !a->is_array_of_tables())
        throw UsageError(sweep_spec_impl::where(origin, node) +
                         ": exclude: expected [[exclude]] tables");
      for (const toml::node& e : *a) {
        std::map<std::string, std::vector<std::string>> ex;
        for (const auto& [ek, ev] : *e.as_table()) {
          const std::string k(ek.str());
          ex[k] = ev.is_array() ? sweep_spec_impl::axis_values(origin, "exclude." + k, ev)
                                : std::vector<std::string>{
                                      sweep_spec_impl::scalar_text(origin, "exclude." + k, ev)};
        }
        if (ex.empty())
          throw UsageError(sweep_spec_impl::where(origin, e) +
                           ": exclude: an empty table excludes every run");
        spec.excludes.push_back(std::move(ex));
      }
    } else {
      const auto* axis = std::find_if(
          std::begin(sweep_spec_impl::kFixedAxes), std::end(sweep_spec_impl::kFixedAxes),
          [&](const sweep_spec_impl::FixedAxis& a) { return key == a.key; });
      if (axis == std::end(sweep_spec_impl::kFixedAxes))
        throw UsageError(sweep_spec_impl::where(origin, node) + ": " + key +
                         ": unknown key; expected " + sweep_spec_impl::kTopKeys);
      std::vector<std::string> values = sweep_spec_impl::axis_values(origin, key, node);
      if (key == "workloads") {
        for (const std::string& w : values)
          if (!workloads::find_workload(w))
            throw UsageError(sweep_spec_impl::where(origin, node) +
                             ": workloads: unknown workload \"" + w +
                             "\" (warpforge run --list names them)");
      } else if (key == "presets") {
        const auto builtin = builtin_presets();
        for (const std::string& p : values)
          if (std::find(builtin.begin(), builtin.end(), p) == builtin.end())
            throw UsageError(fmt::format("{}: presets: unknown preset \"{}\"; expected one of {}",
                                         sweep_spec_impl::where(origin, node), p,
                                         fmt::join(builtin, ", ")));
      } else if (key == "sizes") {
        for (const std::string& s : values) sweep_spec_impl::check_size(origin, node, s);
      } else {
        const sweep_spec_impl::PolicyKind kind =
            key == "issue"   ? sweep_spec_impl::PolicyKind::kIssue
            : key == "fetch" ? sweep_spec_impl::PolicyKind::kFetch
                             : sweep_spec_impl::PolicyKind::kDispatch;
        for (const std::string& p : values)
          sweep_spec_impl::check_policy(origin, node, key, kind, p);
      }
      fixed[axis->column] = std::move(values);
    }
  }
  // Workloads: those listed, then the suites' members not listed yet, in registry order.
  std::vector<std::string> w = fixed["workload"];
  for (const std::string& s : suites_named)
    for (const std::string& m : suite_workloads(s, {}))
      if (std::find(w.begin(), w.end(), m) == w.end()) w.push_back(m);
  w.insert(w.end(), named_runs.begin(), named_runs.end());
  if (w.empty())
    throw UsageError(origin +
                     ": no workloads: give workloads = [...], suites = [...], [[programs]] or "
                     "[[specs]]");
  fixed["workload"] = w;
  if (fixed["preset"].empty()) fixed["preset"] = {kDefaultPreset};
  for (const char* c : {"issue", "fetch", "dispatch"})
    if (fixed[c].empty()) fixed[c] = {""};
  if (fixed["size"].empty()) fixed["size"] = {"default"};
  std::vector<SweepAxis> axes;
  for (const sweep_spec_impl::FixedAxis& a : sweep_spec_impl::kFixedAxes)
    axes.push_back({a.column, fixed[a.column]});
  for (SweepAxis& p : spec.axes) {
    if (std::any_of(axes.begin(), axes.end(), [&](const SweepAxis& a) { return a.name == p.name; }))
      throw UsageError(origin + ": params: \"" + p.name + "\" names an axis of its own");
    axes.push_back(std::move(p));
  }
  spec.axes = std::move(axes);
  for (const auto& ex : spec.excludes)
    for (const auto& entry : ex)
      // A plain name, not a structured binding: clang 14 does not capture those in lambdas.
      if (const std::string& k = entry.first; std::none_of(
              spec.axes.begin(), spec.axes.end(), [&](const SweepAxis& a) { return a.name == k; }))
        throw UsageError(
            fmt::format("{}: exclude: \"{}\" is not an axis; expected one of {}", origin, k, [&] {
              std::vector<std::string> n;
              for (const auto& a : spec.axes) n.push_back(a.name);
              return fmt::format("{}", fmt::join(n, ", "));
            }()));
  if (spec.name.empty()) spec.name = "sweep";
  return spec;
}

namespace sweep_spec_impl {

std::vector<SweepRun> expand_product(const SweepSpec& spec) {
  std::vector<SweepRun> out;
  std::vector<std::size_t> at(spec.axes.size(), 0);
  if (std::any_of(spec.axes.begin(), spec.axes.end(),
                  [](const SweepAxis& a) { return a.values.empty(); }))
    return out;
  for (;;) {
    SweepRun r;
    for (std::size_t i = 0; i < spec.axes.size(); ++i)
      r.values.push_back(spec.axes[i].values[at[i]]);
    const bool excluded =
        std::any_of(spec.excludes.begin(), spec.excludes.end(), [&](const auto& ex) {
          return std::all_of(ex.begin(), ex.end(), [&](const auto& kv) {
            for (std::size_t i = 0; i < spec.axes.size(); ++i)
              if (spec.axes[i].name == kv.first)
                return std::find(kv.second.begin(), kv.second.end(), r.values[i]) !=
                       kv.second.end();
            return false;
          });
        });
    const auto program = spec.programs.find(r.values[0]);
    const auto launch = spec.specs.find(r.values[0]);
    const bool program_size =
        (program != spec.programs.end() || launch != spec.specs.end()) && r.values[5] != "default";
    if (!excluded && !program_size) {
      const auto& v = r.values;
      r.run.workload = v[0];
      if (program != spec.programs.end()) r.run.program = program->second;
      if (launch != spec.specs.end()) r.run.launch_spec = launch->second;
      r.run.sim_args = {"--preset", v[1]};
      const char* policy_options[] = {"--issue", "--fetch", "--dispatch"};
      for (int k = 0; k < 3; ++k)
        if (!v[2 + k].empty())
          r.run.sim_args.insert(r.run.sim_args.end(), {policy_options[k], v[2 + k]});
      if (program != spec.programs.end() || launch != spec.specs.end()) {
        // exec or a launch spec: the size is the program's arguments' or the spec file's.
      } else if (v[5] == "test")
        r.run.sim_args.insert(
            r.run.sim_args.end(),
            {"--size", std::to_string(workloads::find_workload(v[0])->test_size)});
      else if (v[5] != "default")
        r.run.sim_args.insert(r.run.sim_args.end(), {"--size", v[5]});
      for (std::size_t i = 6; i < v.size(); ++i)
        r.run.sim_args.insert(r.run.sim_args.end(), {"--param", spec.axes[i].name + "=" + v[i]});
      std::string label, stem = safe(v[0]);
      for (std::size_t i = 1; i < v.size(); ++i) {
        const std::string shown = v[i].empty() ? "preset" : v[i];
        label += (label.empty() ? "" : " ") + spec.axes[i].name + "=" + shown;
        stem += "__" + safe(shown);
      }
      r.run.config = label;
      // A file name stays well below the 255 bytes file systems allow.
      r.run.stem =
          stem.size() <= 160 ? stem : safe(v[0]).substr(0, 60) + "__" + hex_hash(r.run.config);
      out.push_back(std::move(r));
    }
    std::size_t i = spec.axes.size();
    while (i > 0) {
      --i;
      if (++at[i] < spec.axes[i].values.size()) break;
      at[i] = 0;
      if (i == 0) return out;
    }
  }
}

}  // namespace sweep_spec_impl

std::vector<SweepRun> expand_sweep(const SweepSpec& spec) {
  std::vector<SweepRun> out = sweep_spec_impl::expand_product(spec);
  std::map<std::string, const SweepRun*> stems;
  for (const SweepRun& r : out) {
    const auto [it, fresh] = stems.emplace(r.run.stem, &r);
    if (!fresh)
      throw UsageError(fmt::format(
          "sweep {}: runs \"{} {}\" and \"{} {}\" would share the file name {}; make the "
          "values differ in letters, digits, '.', '-' or '_'",
          spec.name, it->second->run.workload, it->second->run.config, r.run.workload, r.run.config,
          r.run.stem));
  }
  return out;
}

}  // namespace wf::cli
