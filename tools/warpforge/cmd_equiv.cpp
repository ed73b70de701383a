// warpforge equiv: prove RTL and golden model equal, cycle by cycle, on constrained-random input.
#include <filesystem>
#include <optional>

#include <fmt/core.h>
#include <unistd.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "tools/warpforge/block_args.h"
#include "tools/warpforge/command.h"

namespace wf::cli {
namespace {

struct EquivArgs {
  BlockArgs blocks;
  std::uint64_t cycles = 100'000;
  std::uint64_t seed = 1;
  std::string rtl_file;
  std::string out_dir = ".";
  std::string json;
};

CommandSetup setup = [](CLI::App& app) {
  auto a = std::make_shared<EquivArgs>();
  add_block_args(app, a->blocks);
  app.add_option("--cycles", a->cycles, "Cycles of random stimulus per configuration")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000}));
  app.add_option("--seed", a->seed, "Stimulus seed")->capture_default_str();
  app.add_option("--rtl", a->rtl_file,
                 "Check this (hand-edited) Verilog file instead of the generated RTL; its "
                 "module name must match the block's parameters");
  app.add_option("-o,--output", a->out_dir, "Directory for mismatch waveforms (FST)")
      ->capture_default_str();
  app.add_option("--json", a->json, "Also write the results as JSON to this file");
  app.footer(
      "Exit status: 0 all equivalent, 1 a mismatch (the report names the cycle and ports and\n"
      "an FST waveform is written), 2 bad input. Preset RTL is linked into warpforge; other\n"
      "parameter sets are verilated on first use into the cache ($WARPFORGE_CACHE, default\n"
      "~/.cache/warpforge).");
  return [a]() -> int {
    auto configs = select_configs(a->blocks);
    std::optional<std::filesystem::path> rtl;
    if (!a->rtl_file.empty()) {
      rtl = a->rtl_file;
      auto match = config_for_rtl(std::move(configs), a->blocks, a->rtl_file);
      configs.clear();
      configs.push_back(std::move(match));
    }
    const bool tty = isatty(STDERR_FILENO);
    nlohmann::json results = nlohmann::json::array();
    int failures = 0;
    for (const auto& c : configs) {
      harness::EquivOptions o;
      o.cycles = a->cycles;
      o.seed = a->seed;
      o.progress = tty;
      o.fst_path = (std::filesystem::path(a->out_dir) / (c->module() + ".mismatch.fst")).string();
      std::filesystem::create_directories(a->out_dir);
      const auto r = c->equiv(o, rtl, true);
      if (r.passed) {
        fmt::print("PASS  {:<42} {:>10} cycles  {:6.2f} s  ({}, {:.1f}% active)\n", c->module(),
                   r.cycles, r.seconds, r.rtl, r.cycles ? 100.0 * r.grants / r.cycles : 0.0);
      } else {
        ++failures;
        fmt::print("FAIL  {:<42} {}", c->module(), r.mismatch);
        if (!r.fst_path.empty()) fmt::print("  waveform: {}\n", r.fst_path);
      }
      auto j = harness::to_json(r);
      j["module"] = c->module();
      j["block"] = c->block();
      j["seed"] = a->seed;
      results.push_back(j);
      std::fflush(stdout);
    }
    if (!a->json.empty()) write_file_atomically(a->json, results.dump(2) + "\n");
    fmt::print("{} passed, {} failed\n", configs.size() - failures, failures);
    return failures ? 1 : 0;
  };
};

WF_COMMAND({"equiv", "Check RTL against the golden model cycle by cycle", setup, 20})

}  // namespace
}  // namespace wf::cli
