// `warpforge run`: runs workloads, launch specs or one PTX kernel on the functional executor
// and reports pass/fail with per-kernel instruction counts. Exit status 0 all passed, 1 one
// failed, 2 bad input, 3 a launch livelocked.
#include <unistd.h>
#include <limits>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/decimal.h"
#include "sim_model/common/error.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "workloads/report.h"
#include "workloads/runner.h"
#include "workloads/workload.h"

namespace wf::cli {
namespace {

struct RunArgs {
  std::vector<std::string> specs;
  std::vector<std::string> workloads;
  bool all = false;
  bool list = false;
  std::string ptx, kernel, grid = "1", block = "1";
  std::string json;
  workloads::RunSettings settings;
};

// "X", "X,Y" or "X,Y,Z" of positive integers.
gpu::Dim3 parse_dim3(const std::string& option, const std::string& text) {
  std::vector<std::uint32_t> d;
  for (std::size_t pos = 0;;) {
    const std::size_t end = std::min(text.find(',', pos), text.size());
    std::uint32_t v = 0;
    if (!parse_decimal(std::string_view(text).substr(pos, end - pos), v) || v == 0 || d.size() == 3)
      throw UsageError(fmt::format(
          "{}: expected 1 to 3 positive integers separated by commas (X,Y,Z), got \"{}\"", option,
          text));
    d.push_back(v);
    if (end == text.size()) break;
    pos = end + 1;
  }
  d.resize(3, 1);
  return gpu::Dim3{d[0], d[1], d[2]};
}

void list_workloads() {
  for (const auto* w : workloads::all_workloads())
    fmt::print("{:<10} {}\n{:<10} size: {}\n", w->name, w->description, "", w->size_unit);
}

std::vector<const workloads::Workload*> chosen_workloads(const RunArgs& a) {
  if (a.all) return workloads::all_workloads();
  std::vector<const workloads::Workload*> chosen;
  for (const auto& name : a.workloads) {
    const auto* w = workloads::find_workload(name);
    if (!w) {
      std::string names;
      for (const auto* known : workloads::all_workloads())
        names += (names.empty() ? "" : ", ") + known->name;
      throw UsageError(
          fmt::format("--workload: unknown workload \"{}\"; expected one of {}", name, names));
    }
    chosen.push_back(w);
  }
  return chosen;
}

int run(const RunArgs& a) {
  if (a.list) {
    list_workloads();
    return 0;
  }
  check_output_file("--json", a.json);
  const bool bare = !a.ptx.empty();
  if (bare && a.kernel.empty()) throw UsageError("--ptx: needs --kernel NAME");
  if (!bare && !a.kernel.empty()) throw UsageError("--kernel: needs --ptx FILE");
  if (bare && (a.all || !a.workloads.empty() || !a.specs.empty()))
    throw UsageError("--ptx: runs one kernel alone; give no SPEC, --workload or --all with it");
  if (!bare && !a.all && a.workloads.empty() && a.specs.empty())
    throw UsageError(
        "run: nothing to run; give SPEC.toml files, --workload NAME, --all, or "
        "--ptx FILE --kernel NAME");
  if (a.settings.runtime.warp_size == 0) throw UsageError("--warp-size: expected at least 1");
  if (a.settings.runtime.instruction_limit == 0)
    throw UsageError("--instruction-limit: expected at least 1");

  // Resolve every name and dimension before the first (possibly long) run.
  const auto chosen = chosen_workloads(a);
  gpu::Dim3 grid, block;
  if (bare) {
    grid = parse_dim3("--grid", a.grid);
    block = parse_dim3("--block", a.block);
  }

  workloads::RunSettings settings = a.settings;
  settings.runtime.terminal_progress = isatty(fileno(stderr));
  std::vector<workloads::RunResult> results;
  auto record = [&](workloads::RunResult r) {
    workloads::print_result(stdout, r);
    std::fflush(stdout);
    results.push_back(std::move(r));
  };
  if (bare) record(workloads::run_kernel(a.ptx, a.kernel, grid, block, settings));
  for (const auto* w : chosen) record(workloads::run_workload(*w, settings));
  for (const auto& s : a.specs) record(workloads::run_spec_file(s, settings));
  if (results.size() > 1) workloads::print_summary(stdout, results);

  if (!a.json.empty()) write_file_atomically(a.json, workloads::results_json(results, a.settings));
  for (const auto& r : results)
    if (r.livelock) return 3;
  for (const auto& r : results)
    if (!r.passed) return 1;
  return 0;
}

std::function<int()> run_setup(CLI::App& app) {
  auto a = std::make_shared<RunArgs>();
  app.add_option("specs", a->specs, "launch spec files (TOML) to run")->check(CLI::ExistingFile);
  app.add_option("--workload,-w", a->workloads, "run this built-in workload (repeatable)")
      ->allow_extra_args(false);  // `-w sort spec.toml`: the spec is not a workload name
  app.add_flag("--all", a->all, "run every built-in workload");
  app.add_flag("--list", a->list, "list the built-in workloads and exit");
  app.add_option("--ptx", a->ptx, "run one kernel of this PTX file (a kernel with no parameters)")
      ->check(CLI::ExistingFile);
  app.add_option("--kernel", a->kernel, "the kernel to run with --ptx");
  app.add_option("--grid", a->grid, "grid size for --ptx: X[,Y[,Z]]")->capture_default_str();
  app.add_option("--block", a->block, "block size for --ptx: X[,Y[,Z]]")->capture_default_str();
  app.add_option("--size", a->settings.workload.size,
                 "problem size for workloads, in each one's unit (see --list); 0 = default")
      ->check(unsigned_in(0, std::numeric_limits<std::uint64_t>::max()));
  app.add_option("--seed", a->settings.workload.seed, "seed for generated workload inputs")
      ->check(unsigned_in(0, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  app.add_option("--warp-size", a->settings.runtime.warp_size, "threads per warp: 32 or 64")
      ->check(unsigned_in(32, 64))
      ->capture_default_str();
  app.add_option("--large-warp-size", a->settings.runtime.large_warp_size,
                 "run warps of this many threads (a multiple of the warp size, up to 512) as "
                 "large warps: one SIMT stack each (LWM); 0 = off")
      ->check(unsigned_in(0, 512))
      ->capture_default_str();
  app.add_option("--instruction-limit", a->settings.runtime.instruction_limit,
                 "per launch, in warp instructions, 1 or more (default: unlimited)")
      ->check(unsigned_in(1, std::numeric_limits<std::uint64_t>::max()));
  app.add_option("--livelock-window", a->settings.runtime.livelock_window,
                 "warp instructions without progress (no CTA finished, no store changed memory) "
                 "before a launch is reported livelocked (exit status 3); 0: never")
      ->check(unsigned_in(0, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  app.add_option("--json", a->json, "also write the results as JSON to this file");
  // Options that mean something only beside another are refused without it, not ignored.
  for (const char* name : {"--grid", "--block"}) app.get_option(name)->needs("--ptx");
  app.get_option("--all")->excludes("--workload");
  lists_alone(app, app.get_option("--list"));
  return [a] { return run(*a); };
}

}  // namespace

WF_COMMAND(Command{"run",
                   "Run workloads, launch specs or one PTX kernel on the functional executor",
                   run_setup, 40})

}  // namespace wf::cli
