// The block selection every RTL command shares: BLOCK... or --all, --preset, --param k=v.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "harness/block_config.h"

namespace wf::cli {

struct BlockArgs {
  std::vector<std::string> blocks;
  bool all = false;
  std::string preset = kDefaultPreset;
  std::vector<std::string> params;  // k=v
};

void add_block_args(CLI::App& app, BlockArgs& args);

// Every configuration selected, in block-name order. Throws UsageError for an unknown block,
// preset or parameter, a value out of range, or no block named without --all.
std::vector<std::unique_ptr<harness::BlockConfig>> select_configs(const BlockArgs& args);

// The configuration a hand-edited Verilog file holds (its module name decides), among
// `configs` (what `args` selected). Throws UsageError when `args` does not name exactly one
// block, the file is unreadable, or no configuration has its module name.
std::unique_ptr<harness::BlockConfig> config_for_rtl(
    std::vector<std::unique_ptr<harness::BlockConfig>> configs, const BlockArgs& args,
    const std::string& rtl_file);

// "a=1, b=2" for tables.
std::string format_params(const blocks::ParamList& params);

}  // namespace wf::cli
