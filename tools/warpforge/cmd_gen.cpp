// warpforge gen: write the Verilog of the selected blocks.
#include <filesystem>

#include <fmt/core.h>

#include "sim_model/common/atomic_file.h"
#include "tools/warpforge/block_args.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/output_paths.h"

namespace wf::cli {
namespace {

struct GenArgs {
  BlockArgs blocks;
  std::string out_dir = ".";
};

CommandSetup gen_setup = [](CLI::App& app) {
  auto args = std::make_shared<GenArgs>();
  add_block_args(app, args->blocks);
  app.add_option("-o,--output", args->out_dir, "Directory for the .v files")->capture_default_str();
  app.footer(
      "Writes one <block>_<signature>.v per configuration; the signature encodes the\n"
      "parameters. Example: warpforge gen --all --preset gtx480 -o rtl");
  return [args]() -> int {
    check_output_dir("-o", args->out_dir);
    // Everything is generated before anything is written: bad input leaves no files behind.
    const auto configs = select_configs(args->blocks);
    std::vector<std::pair<std::filesystem::path, std::string>> files;
    for (const auto& c : configs) {
      files.emplace_back(std::filesystem::path(args->out_dir) / (c->module() + ".v"), c->verilog());
    }
    for (const auto& [path, text] : files) {
      write_file_atomically(path, text);
      fmt::print("{}\n", path.string());
    }
    return 0;
  };
};

WF_COMMAND({"gen", "Generate Verilog for scheduling blocks", gen_setup, 10})

}  // namespace
}  // namespace wf::cli
