// warpforge params: the parameters of each block and their values under a preset.
#include <fmt/core.h>

#include "tools/warpforge/block_args.h"
#include "tools/warpforge/command.h"

namespace wf::cli {
namespace {

CommandSetup params_setup = [](CLI::App& app) {
  auto args = std::make_shared<BlockArgs>();
  auto list = std::make_shared<bool>(false);
  auto corners = std::make_shared<bool>(false);
  add_block_args(app, *args);
  app.add_flag("--list", *list,
               "List the registered blocks instead, one per line: the name, then its summary");
  app.add_flag("--corners", *corners,
               "List the corners of the blocks (all when none is named) instead, one per line: "
               "the block, the corner, then its parameters");
  lists_alone(app, app.get_option("--list"));
  lists_alone(app, app.get_option("--corners"), {"block"});
  return [args, list, corners]() -> int {
    if (*list) {
      for (const auto& e : harness::block_registry()) fmt::print("{:<20} {}\n", e.name, e.summary);
      return 0;
    }
    if (*corners) {
      std::vector<const harness::BlockEntry*> entries;
      for (const auto& name : args->blocks) entries.push_back(&harness::find_block(name));
      if (entries.empty())
        for (const auto& e : harness::block_registry()) entries.push_back(&e);
      for (const auto* e : entries)
        for (const auto& c : e->corners)
          fmt::print("{:<20} {:<13} {}\n", e->name, c.name, format_params(c.params));
      return 0;
    }
    if (args->blocks.empty()) args->all = true;
    for (const auto& c : select_configs(*args)) {
      const auto& entry = harness::find_block(c->block());
      fmt::print("{}  ({})\n", c->module(), entry.summary);
      const auto params = c->params();
      const auto& descs = entry.describe();
      // Only the parameters that apply to this configuration (see ParamDesc::applies).
      for (const auto& [key, value] : params) {
        for (const auto& d : descs)
          if (d.name == key) fmt::print("  {:<18} = {:<8} {}  [{}]\n", key, value, d.help, d.range);
      }
    }
    return 0;
  };
};

WF_COMMAND({"params", "List block parameters and their preset values", params_setup, 50})

}  // namespace
}  // namespace wf::cli
