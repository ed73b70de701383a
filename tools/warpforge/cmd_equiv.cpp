// warpforge equiv: prove RTL and golden model equal, cycle by cycle, on constrained-random input
// or a recorded block trace. Every run also reports functional coverage (harness/coverage/): a
// random run fails when a point its block lists was never hit -- the stimulus is ours to fix --
// while a replay only reports it (the workload decides what occurs) unless --require-coverage.
#include <algorithm>
#include <filesystem>
#include <limits>
#include <optional>
#include <set>

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "sim_model/trace/trace_reader.h"
#include "tools/warpforge/block_args.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/coverage_report.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/time_budget.h"

namespace wf::cli {
namespace {

struct EquivArgs {
  BlockArgs blocks;
  std::uint64_t cycles = 100'000;
  std::uint64_t seed = 1;
  std::string rtl_file;
  std::string out_dir = ".";
  std::string json;
  std::string replay;
  bool require_coverage = false;  // replay: fail on points never hit (random runs always do)
  bool coverage_table = false;    // print every point with its hits
  TimeBudget budget;
};

// One block trace to replay and the configuration its header names.
struct ReplayJob {
  std::filesystem::path file;
  trace::TraceHeader header;
  std::unique_ptr<harness::BlockConfig> config;
  std::uint64_t cycles = 0;  // the trace covers
};

// The traces `--replay PATH` names (a file, or every trace in a directory), each checked from
// end to end before anything runs, so that a bad file is a usage error and not a late failure.
std::vector<ReplayJob> replay_jobs(const EquivArgs& a) {
  if (a.blocks.all) throw UsageError("--replay: expected block names or none beside it, not --all");
  if (!a.blocks.params.empty() || !a.blocks.corner.empty())
    throw UsageError(
        "--replay: expected no --param or --corner (the trace holds the block's parameters)");
  for (const auto& b : a.blocks.blocks) harness::find_block(b);
  std::error_code ec;
  const bool dir = std::filesystem::is_directory(a.replay, ec);
  std::vector<std::filesystem::path> files;
  if (dir) {
    // Every entry named like a trace is read, so that a FIFO or directory among them is
    // refused by name rather than skipped.
    for (const auto& e : std::filesystem::directory_iterator(a.replay))
      if (e.path().extension() == trace::kExtension) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    if (files.empty()) {
      throw UsageError(fmt::format(
          "--replay {}: expected {} files in the directory (warpforge sim --record-blocks DIR)",
          a.replay, trace::kExtension));
    }
  } else if (!std::filesystem::exists(a.replay, ec)) {
    throw UsageError(
        fmt::format("--replay {}: expected a block trace file or a directory of them", a.replay));
  } else {
    files.push_back(a.replay);
  }
  std::vector<ReplayJob> jobs;
  for (const auto& f : files) {
    trace::TraceReader reader(f);
    const std::uint64_t cycles = reader.scan().end_cycle;
    const trace::TraceHeader& h = reader.header();
    const auto& names = a.blocks.blocks;
    if (!names.empty() && std::find(names.begin(), names.end(), h.block) == names.end()) {
      if (dir) continue;  // block names select among the traces of a run
      throw UsageError(fmt::format("block trace {}: holds a trace of {}, expected {}", f.string(),
                                   h.block, fmt::join(names, " or ")));
    }
    std::unique_ptr<harness::BlockConfig> config;
    try {
      config = harness::find_block(h.block).from_params(h.params);
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("block trace {}: {}", f.string(), e.what()));
    }
    config->check_trace(h, f.string());
    jobs.push_back({f, h, std::move(config), cycles});
  }
  if (jobs.empty()) {
    throw UsageError(fmt::format("--replay {}: expected a trace of {} in the directory", a.replay,
                                 fmt::join(a.blocks.blocks, " or ")));
  }
  if (!a.rtl_file.empty()) {
    if (a.blocks.blocks.size() != 1)
      throw UsageError("--rtl with --replay: expected exactly one block name beside it");
    if (access(a.rtl_file.c_str(), R_OK) != 0)
      throw UsageError("--rtl " + a.rtl_file + ": expected a readable Verilog file");
    const std::string module =
        harness::first_module_name(read_input_file(a.rtl_file, kMaxSourceBytes, "Verilog file"));
    std::vector<ReplayJob> match;
    std::set<std::string> modules;
    for (auto& j : jobs) {
      modules.insert(j.config->module());
      if (j.config->module() == module) match.push_back(std::move(j));
    }
    if (match.empty()) {
      throw UsageError(fmt::format(
          "--rtl {}: expected a module named {} (the traces' "
          "configuration), found {}",
          a.rtl_file, fmt::join(modules, " or "), module.empty() ? std::string("none") : module));
    }
    jobs = std::move(match);
  }
  return jobs;
}

int replay(const EquivArgs& a) {
  const auto jobs = replay_jobs(a);
  std::optional<std::filesystem::path> rtl;
  if (!a.rtl_file.empty()) rtl = a.rtl_file;
  const bool tty = isatty(STDERR_FILENO);
  nlohmann::json results = nlohmann::json::array();
  int failures = 0;
  for (const auto& j : jobs) {
    harness::EquivOptions o;
    o.replay = j.file.string();
    o.progress = tty;
    o.build_budget = a.budget.verilator_build();
    o.run_budget = a.budget.simulation(j.cycles);
    o.fst_path =
        (std::filesystem::path(a.out_dir) / (j.header.instance + ".mismatch.fst")).string();
    std::filesystem::create_directories(a.out_dir);
    const auto r = j.config->equiv(o, rtl, true);
    if (r.passed && a.require_coverage && !r.covered()) {
      ++failures;
      fmt::print("FAIL  {:<38} {:<12} {} cycles equivalent, but {}:\n{}", j.config->module(),
                 j.header.instance, r.cycles, coverage_summary(r), format_missed(r));
    } else if (r.passed) {
      fmt::print("PASS  {:<38} {:<12} {:>10} cycles {:>9} calls  {:6.2f} s  ({}, {})\n",
                 j.config->module(), j.header.instance, r.cycles, r.records, r.seconds, r.rtl,
                 coverage_summary(r));
    } else {
      ++failures;
      fmt::print("FAIL  {:<38} {:<12} {}", j.config->module(), j.header.instance, r.mismatch);
      if (!r.fst_path.empty()) fmt::print("  waveform: {}\n", r.fst_path);
    }
    if (a.coverage_table) fmt::print("{}", format_coverage_table(r));
    auto json = harness::to_json(r);
    json["module"] = j.config->module();
    json["block"] = j.config->block();
    json["trace"] = j.file.string();
    json["instance"] = j.header.instance;
    results.push_back(json);
    std::fflush(stdout);
  }
  if (!a.json.empty()) write_file_atomically(a.json, results.dump(2) + "\n");
  fmt::print("{} passed, {} failed\n", jobs.size() - failures, failures);
  return failures ? 1 : 0;
}

CommandSetup equiv_setup = [](CLI::App& app) {
  auto a = std::make_shared<EquivArgs>();
  add_block_args(app, a->blocks);
  app.add_option("--cycles", a->cycles, "Cycles of random stimulus per configuration")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000}));
  app.add_option("--seed", a->seed, "Stimulus seed")
      ->check(unsigned_in(0, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  app.add_option("--rtl", a->rtl_file,
                 "Check this (hand-edited) Verilog file instead of the generated RTL; its "
                 "module name must match the block's parameters");
  app.add_option("-o,--output", a->out_dir, "Directory for mismatch waveforms (FST)")
      ->capture_default_str();
  app.add_option("--json", a->json, "Also write the results as JSON to this file");
  app.add_option("--replay", a->replay,
                 "Instead of random stimulus, replay a block trace FILE, or every trace in DIR "
                 "(warpforge sim --record-blocks DIR), into the RTL; the trace names the block "
                 "and its parameters, block names select among the traces of DIR");
  app.add_flag("--require-coverage", a->require_coverage,
               "With --replay: fail when a coverage point was never hit (a random run always "
               "does)");
  app.add_flag("--coverage", a->coverage_table, "Print every coverage point with its hits");
  a->budget.add_option(app,
                       "Seconds the verilated simulation of one configuration may run (default "
                       "60 + 1 per 10^4 cycles); a Verilator build gets at least 600");
  // A replay's cycles and stimulus are the trace's.
  for (const char* name : {"--cycles", "--seed"}) app.get_option(name)->excludes("--replay");
  app.footer(
      "Exit status: 0 all equivalent, 1 a mismatch (the report names the cycle and ports and\n"
      "an FST waveform is written) or a coverage point never hit (random runs; replays with\n"
      "--require-coverage) or RTL whose simulation ran out of its --time-budget, 2 bad input\n"
      "(also a Verilator build out of its budget). Preset RTL is linked into warpforge; other\n"
      "parameter sets are verilated on first use into the cache ($WARPFORGE_CACHE, default\n"
      "~/.cache/warpforge). With --replay, a mismatch is reported the same way; a trace that is\n"
      "not one, truncated, corrupt, of another format version or of another block than named is\n"
      "bad input.");
  return [a]() -> int {
    if (a->out_dir != ".") check_output_dir("-o", a->out_dir);  // "." is only used on a mismatch
    check_output_file("--json", a->json);
    if (!a->replay.empty()) return replay(*a);
    if (a->require_coverage)
      throw UsageError(
          "--require-coverage: expected --replay beside it (random runs always "
          "require coverage)");
    if (!a->rtl_file.empty()) check_rtl_args(a->blocks, a->rtl_file);
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
      o.build_budget = a->budget.verilator_build();
      o.run_budget = a->budget.simulation(a->cycles);
      o.fst_path = (std::filesystem::path(a->out_dir) / (c->module() + ".mismatch.fst")).string();
      std::filesystem::create_directories(a->out_dir);
      const auto r = c->equiv(o, rtl, true);
      if (r.passed && !r.covered()) {
        ++failures;
        fmt::print("FAIL  {:<42} {} cycles equivalent, but {}:\n{}", c->module(), r.cycles,
                   coverage_summary(r), format_missed(r));
      } else if (r.passed) {
        fmt::print("PASS  {:<42} {:>10} cycles  {:6.2f} s  ({}, {:.1f}% active, {})\n", c->module(),
                   r.cycles, r.seconds, r.rtl, r.cycles ? 100.0 * r.grants / r.cycles : 0.0,
                   coverage_summary(r));
      } else {
        ++failures;
        fmt::print("FAIL  {:<42} {}", c->module(), r.mismatch);
        if (!r.fst_path.empty()) fmt::print("  waveform: {}\n", r.fst_path);
      }
      if (a->coverage_table) fmt::print("{}", format_coverage_table(r));
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

WF_COMMAND({"equiv", "Check RTL against the golden model cycle by cycle", equiv_setup, 20})

}  // namespace
}  // namespace wf::cli
