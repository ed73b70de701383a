// The block selection every RTL command shares: BLOCK... or --all, --preset, --corner NAME,
// --param k=v.
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
  std::string corner;               // each block's own corner of that name (harness/corner.h)
  std::vector<std::string> params;  // k=v, applied after the corner
  bool first_config = false;        // of each block only its first configuration
};

void add_block_args(CLI::App& app, BlockArgs& args);

// Every configuration selected, in block-name order (with first_config, each block's first). With
// --corner, --all selects the blocks that declare the corner (a note on stderr names the others).
// Throws UsageError for an unknown block, preset, parameter or corner, a named block without the
// corner, a value out of range, or no block named without --all.
std::vector<std::unique_ptr<harness::BlockConfig>> select_configs(const BlockArgs& args);

// Throws UsageError unless `rtl_file` is readable and `args` names exactly one block; before
// select_configs, so that its note on blocks without a corner never precedes this error.
void check_rtl_args(const BlockArgs& args, const std::string& rtl_file);

// The configuration a hand-edited Verilog file holds (its module name decides), among
// `configs` (what `args` selected). Throws UsageError when `args` does not name exactly one
// block, the file is unreadable, or no configuration has its module name.
std::unique_ptr<harness::BlockConfig> config_for_rtl(
    std::vector<std::unique_ptr<harness::BlockConfig>> configs, const BlockArgs& args,
    const std::string& rtl_file);

// "a=1, b=2" for tables.
std::string format_params(const blocks::ParamList& params);

}  // namespace wf::cli
