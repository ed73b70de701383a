// `warpforge sweep SPEC.toml`: runs the product of a sweep file's axes (workloads, presets,
// policies, sizes, --param grids; docs/sweeps.md), one `warpforge sim` each, several at once,
// resumable, and collects every run into one table, one row per run, sorted by the axes.
// Exit status: 0 every run passed, 1 a run failed (its row says how), 2 bad input.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/machine_options.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/study_runner.h"
#include "tools/warpforge/sweep_cluster.h"
#include "tools/warpforge/sweep_spec.h"
#include "tools/warpforge/sweep_table.h"

namespace wf::cli {
namespace {

struct SweepArgs {
  std::string spec, out_dir;
  bool resume = false;
  unsigned jobs = 0;
  std::vector<std::string> emit;  // ENGINE DIR
  unsigned throttle = 0;
  std::string time, mem;
  std::int64_t task = -1;
  std::string collect;
};

// Every machine the sweep names is checked before anything is written, as `sim` would check it
// (the preset's rules, the policies' pairing, each --param), so that a bad combination is one
// line of exit status 2 rather than a column of failed runs.
void check_machines(const std::string& origin, const SweepSpec& spec,
                    const std::vector<SweepRun>& runs) {
  std::set<std::vector<std::string>> seen;
  for (const SweepRun& r : runs) {
    std::vector<std::string> key(r.values.begin() + 1, r.values.end());
    key.erase(key.begin() + 4);  // the size is the workload's, not the machine's
    if (!seen.insert(key).second) continue;
    MachineOptions m;
    m.preset = r.values[1];
    m.issue = r.values[2];
    m.fetch = r.values[3];
    m.dispatch = r.values[4];
    for (std::size_t i = 6; i < r.values.size(); ++i)
      m.params.push_back(spec.axes[i].name + "=" + r.values[i]);
    try {
      timing_config(m);
    } catch (const UsageError& e) {
      throw UsageError(
          fmt::format("{}: the run {} {}: {}", origin, r.run.workload, r.run.config, e.what()));
    }
  }
}

int run_sweep(const SweepArgs& a) {
  const std::string text = read_input_file(a.spec, kMaxConfigBytes, "sweep file");
  const SweepSpec spec = parse_sweep_spec(text, a.spec);
  const std::vector<SweepRun> runs = expand_sweep(spec);
  if (runs.empty()) throw UsageError(a.spec + ": the excludes leave no run");
  if (a.task >= 0) {
    if (a.out_dir.empty()) throw UsageError("--task needs -o DIR, the folder of the sweep");
    return run_sweep_task(runs, static_cast<std::size_t>(a.task), a.out_dir);
  }
  check_machines(a.spec, spec, runs);
  if (!a.collect.empty()) return collect_sweep(a.spec, spec, runs, a.collect);
  if (!a.emit.empty()) {
    if (a.emit[0] != "slurm" && a.emit[0] != "parallel")
      throw UsageError("--emit " + a.emit[0] + ": expected slurm or parallel, then a folder");
    if (a.emit[0] == "parallel" && (a.throttle || !a.time.empty() || !a.mem.empty()))
      throw UsageError("--array-throttle, --time and --mem are for --emit slurm");
    emit_sweep(text, spec, runs, SweepEmit{a.emit[0], a.emit[1], a.throttle, a.time, a.mem});
    return 0;
  }
  const std::filesystem::path out = a.out_dir.empty() ? "sweep-" + spec.name : a.out_dir;
  std::vector<StudyRun> all;
  for (const SweepRun& r : runs) all.push_back(r.run);
  const unsigned parallel = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  fmt::print(stderr, "sweep {}: {} runs, {} at once, into {}\n", spec.name, all.size(), parallel,
             out.string());
  const RunSetOutcome done =
      run_study_runs(out, "sweep " + spec.name, all, false, a.resume, parallel);

  std::size_t failed = 0;
  const std::string csv = sweep_table_csv(
      spec, runs,
      [&](const SweepRun& r) {
        return &done.runs.at({r.run.workload, r.run.config});
      },
      out / "runs", failed);
  write_file_atomically(out / "sweep.csv", csv);
  write_file_atomically(out / "timing.csv", timing_csv(all, done.seconds));
  fmt::print("{} runs in {:.0f} s{}, {}; table: {}\n", runs.size(), done.wall_seconds,
             done.resumed ? fmt::format(" ({} kept by --resume)", done.resumed) : "",
             failed ? fmt::format("{} FAILED (see their rows)", failed) : "all passed",
             (out / "sweep.csv").string());
  return failed ? 1 : 0;
}

std::function<int()> sweep_setup(CLI::App& app) {
  auto a = std::make_shared<SweepArgs>();
  app.add_option("spec", a->spec, "the sweep file (TOML; docs/sweeps.md)")->required();
  app.add_option("-o,--out", a->out_dir, "output directory (default: sweep-NAME)");
  app.add_flag("--resume", a->resume,
               "keep the passed runs of an interrupted sweep in the same directory; refused "
               "when they were made with other arguments or another warpforge");
  auto* jobs = app.add_option("-j,--jobs", a->jobs,
                              "parallel simulations, 0 to 1024 (default and 0: the number of "
                              "cores)")
                   ->check(unsigned_in(0, 1024));
  auto* resume = app.get_option("--resume");
  auto* emit = app.add_option("--emit", a->emit,
                              "ENGINE DIR: write DIR's job scripts for a cluster's engine instead "
                              "of running: slurm (a job array, DIR/sweep.sbatch) or parallel "
                              "(GNU parallel, DIR/jobs.txt)")
                   ->expected(2);
  auto* throttle = app.add_option("--array-throttle", a->throttle,
                                  "--emit slurm: at most N array tasks at once, 1 to 100000")
                       ->check(unsigned_in(1, 100000));
  auto* time =
      app.add_option("--time", a->time, "--emit slurm: each task's time limit (sbatch --time)");
  auto* mem = app.add_option("--mem", a->mem, "--emit slurm: each task's memory (sbatch --mem)");
  auto* task = app.add_option("--task", a->task,
                              "run only task N of the sweep (0-based, the table's order) into -o "
                              "DIR: what each task of --emit runs")
                   ->check(unsigned_in(0, 100000000));
  auto* collect = app.add_option("--collect", a->collect,
                                 "build DIR/sweep.csv from the tasks' files, and say which tasks "
                                 "are missing or failed and how to rerun only those");
  for (auto* o : {throttle, time, mem}) o->needs(emit);
  emit->excludes(resume)->excludes(jobs)->excludes(task)->excludes(collect);
  task->excludes(resume)->excludes(jobs)->excludes(collect);
  collect->excludes(resume)->excludes(jobs);
  collect->excludes(app.get_option("--out"));
  return [a] { return run_sweep(*a); };
}

}  // namespace

WF_COMMAND(Command{"sweep", "Run the product of a sweep file's axes and tabulate every run",
                   sweep_setup, 55})

}  // namespace wf::cli
