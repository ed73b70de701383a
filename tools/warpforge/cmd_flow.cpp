// warpforge flow: the main job. For every block of the preset: generate, lint (Verilator and
// Yosys), prove equivalent to the golden model, estimate area; one summary table as text,
// Markdown and JSON.
#include <chrono>
#include <filesystem>
#include <limits>
#include <sstream>

#include <fmt/core.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "synth/area.h"
#include "synth/lint.h"
#include "tools/warpforge/block_args.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/coverage_report.h"
#include "tools/warpforge/flow_simulation.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/time_budget.h"
#include "workloads/workload.h"

namespace wf::cli {
namespace {

struct FlowArgs {
  BlockArgs blocks;
  std::string out_dir = "warpforge-flow";
  std::uint64_t cycles = 1'000'000;
  std::uint64_t seed = 1;
  std::string workload = "reduce";
  TimeBudget budget;
};

struct Row {
  std::string module;
  std::string params;
  bool verilator_ok = false;
  bool yosys_ok = false;
  harness::EquivResult equiv;
  synth::AreaReport area;
  std::string lint_notes;
};

std::string ok(bool b) {
  return b ? "ok" : "FAIL";
}

std::string markdown(const std::vector<Row>& rows, const std::vector<FlowSimRow>& sims,
                     const std::string& preset) {
  std::ostringstream s;
  s << "# warpforge flow: preset " << preset << "\n\n";
  s << "| module | verilator -Wall | yosys check | equivalence | FF bits | RAM bits | cells | "
       "NAND2 eq | area um^2 | longest path |\n";
  s << "|---|---|---|---|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& r : rows) {
    s << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {:.1f} | {:.1f} | {} |\n", r.module,
                     ok(r.verilator_ok), ok(r.yosys_ok),
                     r.equiv.passed ? fmt::format("{} cycles {}, {}", r.equiv.cycles,
                                                  ok(r.equiv.covered()), coverage_summary(r.equiv))
                                    : fmt::format("MISMATCH @{}", r.equiv.mismatch_cycle),
                     r.area.ff_bits, r.area.ram_bits, r.area.total_cells, r.area.nand2_eq,
                     r.area.area_um2, r.area.longest_path);
  }
  if (!sims.empty()) {
    s << "\n## Short simulation\n\n";
    s << "| workload | issue | fetch | check | cycles | IPC | speedup over first row |\n";
    s << "|---|---|---|---|---:|---:|---:|\n";
    for (const auto& r : sims) {
      s << fmt::format("| {} | {} | {} | {} | {} | {:.2f} | {:.3f} |\n", r.workload, r.issue,
                       r.fetch, r.passed ? "pass" : "FAIL (" + r.status + ")", r.cycles, r.ipc,
                       r.cycles ? static_cast<double>(sims.front().cycles) / r.cycles : 0.0);
    }
  }
  s << "\nParameters:\n\n";
  for (const auto& r : rows) s << "- `" << r.module << "`: " << r.params << "\n";
  return s.str();
}

CommandSetup flow_setup = [](CLI::App& app) {
  auto a = std::make_shared<FlowArgs>();
  add_block_args(app, a->blocks);
  app.add_option("-o,--output", a->out_dir, "Directory for RTL, waveforms and the report")
      ->capture_default_str();
  app.add_option("--cycles", a->cycles, "Equivalence cycles per configuration")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000}));
  app.add_option("--seed", a->seed, "Stimulus seed")
      ->check(unsigned_in(0, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  app.add_option("--workload", a->workload,
                 "Workload of the closing simulation (lrr/lrr vs mwf-gto/cff); 'none' skips it")
      ->capture_default_str();
  a->budget.add_option(app,
                       "Seconds each tool run of one configuration may take: lint (default 300), "
                       "the verilated simulation (default 60 + 1 per 10^4 cycles), Yosys "
                       "synthesis (default 600); a Verilator build gets at least 600");
  app.footer(
      "Without block names, runs every block of the preset (as --all), then simulates one\n"
      "workload on the cycle model under the baseline (lrr/lrr) and BAWS (mwf-gto/cff).");
  return [a]() -> int {
    check_output_dir("-o", a->out_dir);
    if (a->blocks.blocks.empty()) a->blocks.all = true;
    const auto configs = select_configs(a->blocks);
    if (a->workload != "none" && !workloads::find_workload(a->workload)) {
      throw UsageError("--workload " + a->workload +
                       ": expected a workload of `warpforge run --list`, or none");
    }
    const auto out = std::filesystem::path(a->out_dir);
    const auto start = std::chrono::steady_clock::now();
    std::vector<Row> rows;
    bool all_ok = true;
    fmt::print("warpforge flow: preset {}, {} configurations, {} cycles each -> {}/\n",
               a->blocks.preset, configs.size(), a->cycles, a->out_dir);
    for (const auto& c : configs) {
      Row r;
      r.module = c->module();
      r.params = format_params(c->params());
      const auto v = out / "rtl" / (c->module() + ".v");
      write_file_atomically(v, c->verilog());
      synth::LintOptions lint;
      lint.timeout = a->budget.check(TimeBudget::kLint);
      const auto lv = synth::lint_verilator(v, c->module(), lint);
      const auto ly = synth::check_yosys(v, c->module(), lint);
      r.verilator_ok = lv.ok;
      r.yosys_ok = ly.ok;
      if (!lv.ok) r.lint_notes += lv.diagnostics;
      if (!ly.ok) r.lint_notes += ly.diagnostics;
      harness::EquivOptions o;
      o.cycles = a->cycles;
      o.seed = a->seed;
      o.progress = isatty(STDERR_FILENO);
      o.fst_path = (out / (c->module() + ".mismatch.fst")).string();
      o.build_budget = a->budget.verilator_build();
      o.run_budget = a->budget.simulation(a->cycles);
      r.equiv = c->equiv(o, std::nullopt, true);
      synth::AreaOptions area;
      area.timeout = a->budget.check(TimeBudget::kTool);
      area.design_name = "generated";
      r.area = synth::estimate_area(c->verilog(), c->module(), area);
      // As in `warpforge equiv`: equivalent, and every coverage point hit.
      const bool row_ok = r.verilator_ok && r.yosys_ok && r.equiv.passed && r.equiv.covered();
      all_ok &= row_ok;
      fmt::print("  {:<4} {:<40} lint {}/{}  equiv {} ({:.1f} s, {})  {} FF  {:.0f} NAND2eq\n",
                 row_ok ? "ok" : "FAIL", r.module, ok(r.verilator_ok), ok(r.yosys_ok),
                 r.equiv.passed ? ok(r.equiv.covered()) : "MISMATCH", r.equiv.seconds,
                 coverage_summary(r.equiv), r.area.ff_bits, r.area.nand2_eq);
      if (!r.lint_notes.empty()) fmt::print("{}\n", r.lint_notes);
      if (!r.equiv.passed) fmt::print("{}", r.equiv.mismatch);
      if (r.equiv.passed) fmt::print("{}", format_missed(r.equiv));
      std::fflush(stdout);
      rows.push_back(std::move(r));
    }
    std::vector<FlowSimRow> sims;
    if (a->workload != "none") {
      sims = flow_simulation(a->blocks.preset, a->workload, {{"lrr", "lrr"}, {"mwf-gto", "cff"}});
      for (const auto& r : sims) {
        all_ok &= r.passed && r.status == "ok";
        fmt::print("  {:<4} sim {} issue {} fetch {}: {} cycles, IPC {:.2f} ({:.1f} s)\n",
                   r.passed && r.status == "ok" ? "ok" : "FAIL", r.workload, r.issue, r.fetch,
                   r.cycles, r.ipc, r.seconds);
      }
    }
    std::vector<synth::AreaReport> areas;
    for (const auto& r : rows) areas.push_back(r.area);
    fmt::print("\n{}", synth::format_area_table(areas));

    nlohmann::json j;
    j["preset"] = a->blocks.preset;
    j["cycles"] = a->cycles;
    j["seed"] = a->seed;
    j["passed"] = all_ok;
    for (const auto& r : rows) {
      nlohmann::json e;
      e["module"] = r.module;
      e["params"] = r.params;
      e["verilator_lint"] = r.verilator_ok;
      e["yosys_check"] = r.yosys_ok;
      e["equiv"] = harness::to_json(r.equiv);
      e["area"] = r.area;
      j["blocks"].push_back(e);
    }
    for (const auto& r : sims) j["simulation"].push_back(to_json(r));
    write_file_atomically(out / "flow.json", j.dump(2) + "\n");
    write_file_atomically(out / "flow.md", markdown(rows, sims, a->blocks.preset));
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print("\n{} in {:.0f} s; report: {}/flow.md, {}/flow.json\n",
               all_ok ? "all blocks passed" : "SOME BLOCKS FAILED", secs, a->out_dir, a->out_dir);
    return all_ok ? 0 : 1;
  };
};

WF_COMMAND({"flow", "Main job: gen + lint + equivalence + area for every block", flow_setup, 5})

}  // namespace
}  // namespace wf::cli
