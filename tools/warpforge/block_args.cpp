#include "tools/warpforge/block_args.h"

#include <set>

#include <unistd.h>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "tools/warpforge/given_settings.h"

namespace wf::cli {

void add_block_args(CLI::App& app, BlockArgs& args) {
  std::string names;
  for (const auto& e : harness::block_registry()) names += "\n  " + e.name + ": " + e.summary;
  app.add_option("block", args.blocks, "Blocks to work on:" + names);
  app.add_flag("--all", args.all, "Every block of the preset");
  app.add_option("--preset", args.preset,
                 "Machine preset (built-in name or .toml path) the parameters derive from")
      ->capture_default_str();
  app.add_option("--corner", args.corner,
                 "Apply each block's own corner parameter set NAME (tiny, large, odd, ...; "
                 "`warpforge params --corners` lists them); with --all, blocks without it are "
                 "skipped");
  app.add_option(
      "--param", args.params,
      "Override a block parameter, key=value (repeatable; `warpforge params` lists them), or a "
      "preset key the blocks derive theirs from (fetch_group_size, large_warp_size, ...; "
      "sm.max_warps_per_cta, gpu.num_sms for those that are also block parameters)");
  app.add_flag("--first-config", args.first_config,
               "Of each block only its first configuration (a block with policy variants, such "
               "as the fetch and issue arbiters, has one per variant the machine uses): a "
               "quicker check");
}

namespace {

// The blocks of `entries` that declare `corner`; the others go to `skipped`. A block named on
// the command line must declare it; of --all, at least one must.
std::vector<const harness::BlockEntry*> with_corner(
    const std::vector<const harness::BlockEntry*>& entries, const std::string& corner, bool all,
    std::vector<std::string>& skipped) {
  std::vector<const harness::BlockEntry*> out;
  std::set<std::string> declared;
  for (const auto* e : entries) {
    std::vector<std::string> names;
    for (const auto& c : e->corners) names.push_back(c.name);
    declared.insert(names.begin(), names.end());
    if (e->corner(corner)) {
      out.push_back(e);
    } else if (all) {
      skipped.push_back(e->name);
    } else {
      throw UsageError(fmt::format("--corner {}: expected a corner of {} ({})", corner, e->name,
                                   names.empty()
                                       ? "it declares none"
                                       : fmt::format("its corners: {}", fmt::join(names, ", "))));
    }
  }
  if (out.empty()) {
    throw UsageError(fmt::format("--corner {}: expected a corner some block declares ({})", corner,
                                 fmt::join(declared, ", ")));
  }
  return out;
}

}  // namespace

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
  Machine machine = load_machine(args.preset);

  std::vector<const harness::BlockEntry*> entries;
  if (args.all) {
    for (const auto& e : harness::block_registry()) entries.push_back(&e);
  } else {
    for (const auto& name : args.blocks) entries.push_back(&harness::find_block(name));
  }
  std::vector<std::string> skipped;
  if (!args.corner.empty()) entries = with_corner(entries, args.corner, args.all, skipped);
  // Every override must mean something to at least one selected block, or be a preset key,
  // which the blocks then derive their parameters from (a key both are is the blocks').
  blocks::ParamList block_params;
  bool machine_changed = false;
  GivenSettings given;
  for (const auto& [key, value] : overrides) {
    bool known = false;
    for (const auto* e : entries)
      for (const auto& d : e->describe()) known |= d.name == key;
    const std::string text = "--param " + key + "=" + value;
    if (known) {
      given.add(key, "parameter " + key, text, value);
      block_params.emplace_back(key, value);
    } else if (const PresetKey* set = set_machine_param(machine, key, value)) {
      given.add(set->qualified(), set->display(), text, value);
      machine_changed = true;
    } else {
      std::set<std::string> names;
      for (const auto* e : entries)
        for (const auto& d : e->describe()) names.insert(d.name);
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      throw UsageError("--param " + key + "=" + value + ": unknown parameter (known: " + list +
                       ", or a preset key)");
    }
  }
  if (machine_changed) check_machine(machine);
  std::vector<std::unique_ptr<harness::BlockConfig>> out;
  for (const auto* e : entries) {
    blocks::ParamList block_overrides;
    if (!args.corner.empty()) block_overrides = e->corner(args.corner)->params;
    block_overrides.insert(block_overrides.end(), block_params.begin(), block_params.end());
    auto configs = e->configs(machine, block_overrides);
    // A named block the machine does not have (its for_machine gives none) would otherwise
    // pass with nothing checked; --all leaves it out quietly, as a preset does.
    if (configs.empty() && !args.all) {
      throw UsageError(fmt::format(
          "{}: the machine ({}) does not have this block; name one of its corners (--corner) or "
          "give a --param of its own",
          e->name, machine.name));
    }
    if (args.first_config && configs.size() > 1) configs.resize(1);
    for (auto& c : configs) out.push_back(std::move(c));
  }
  // Only once the selection is good: bad input gets its one line of error alone.
  if (!skipped.empty()) {
    fmt::print(stderr, "warpforge: note: --corner {}: skipping {} (no such corner)\n", args.corner,
               fmt::join(skipped, ", "));
  }
  return out;
}

void check_rtl_args(const BlockArgs& args, const std::string& rtl_file) {
  if (access(rtl_file.c_str(), R_OK) != 0) {
    throw UsageError("--rtl " + rtl_file + ": expected a readable Verilog file");
  }
  if (args.all || args.blocks.size() != 1) {
    throw UsageError("--rtl: expected exactly one block name beside it");
  }
}

std::unique_ptr<harness::BlockConfig> config_for_rtl(
    std::vector<std::unique_ptr<harness::BlockConfig>> configs, const BlockArgs& args,
    const std::string& rtl_file) {
  check_rtl_args(args, rtl_file);
  // The file decides which configuration it is (by module name) when the block has several.
  const std::string module =
      harness::first_module_name(read_input_file(rtl_file, kMaxSourceBytes, "Verilog file"));
  std::string expected;
  for (auto& c : configs) {
    if (c->module() == module) return std::move(c);
    expected += (expected.empty() ? "" : ", ") + c->module();
  }
  throw UsageError("--rtl " + rtl_file + ": expected a module named " + expected +
                   " (set --param to match the file)");
}

std::string format_params(const blocks::ParamList& params) {
  std::string s;
  for (const auto& [k, v] : params) s += (s.empty() ? "" : " ") + k + "=" + v;
  return s;
}

}  // namespace wf::cli
