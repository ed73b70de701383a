#include "tools/warpforge/block_args.h"

#include <set>

#include "sim_model/common/error.h"

namespace wf::cli {

void add_block_args(CLI::App& app, BlockArgs& args) {
  std::string names;
  for (const auto& e : harness::block_registry()) names += "\n  " + e.name + ": " + e.summary;
  app.add_option("block", args.blocks, "Blocks to work on:" + names);
  app.add_flag("--all", args.all, "Every block of the preset");
  app.add_option("--preset", args.preset,
                 "Machine preset (built-in name or .toml path) the parameters derive from")
      ->capture_default_str();
  app.add_option(
      "--param", args.params,
      "Override a block parameter, key=value (repeatable); `warpforge params` lists them");
}

std::vector<std::unique_ptr<harness::BlockConfig>> select_configs(const BlockArgs& args) {
  if (args.all == !args.blocks.empty()) {
    throw UsageError(args.all ? "--all: expected no block names beside it"
                              : "no block given: expected one or more block names or --all");
  }
  blocks::ParamList overrides;
  for (const auto& kv : args.params) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw UsageError("--param " + kv + ": expected key=value");
    }
    overrides.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  const Machine machine = load_machine(args.preset);

  std::vector<const harness::BlockEntry*> entries;
  if (args.all) {
    for (const auto& e : harness::block_registry()) entries.push_back(&e);
  } else {
    for (const auto& name : args.blocks) entries.push_back(&harness::find_block(name));
  }
  // Every override must mean something to at least one selected block.
  for (const auto& [key, value] : overrides) {
    bool known = false;
    for (const auto* e : entries)
      for (const auto& d : e->describe()) known |= d.name == key;
    if (!known) {
      std::set<std::string> names;
      for (const auto* e : entries)
        for (const auto& d : e->describe()) names.insert(d.name);
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      throw UsageError("--param " + key + "=" + value + ": unknown parameter (known: " + list +
                       ")");
    }
  }
  std::vector<std::unique_ptr<harness::BlockConfig>> out;
  for (const auto* e : entries) {
    for (auto& c : e->configs(machine, overrides)) out.push_back(std::move(c));
  }
  return out;
}

std::string format_params(const blocks::ParamList& params) {
  std::string s;
  for (const auto& [k, v] : params) s += (s.empty() ? "" : " ") + k + "=" + v;
  return s;
}

}  // namespace wf::cli
