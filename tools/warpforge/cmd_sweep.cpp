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
#include "tools/warpforge/cluster_tasks.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/machine_options.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/parallel_runs.h"
#include "tools/warpforge/study_runner.h"
#include "tools/warpforge/sweep_spec.h"
#include "tools/warpforge/sweep_summary.h"
#include "tools/warpforge/sweep_table.h"

namespace wf::cli {
namespace {

struct SweepArgs {
  std::string spec, out_dir;
  bool resume = false;
  unsigned jobs = 0;
  ClusterArgs cluster;
  SweepView view;
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

// DIR/sweep.csv, summary.md, plot-data.json and sweep.png. Returns the runs that did not pass
// (missing ones included).
std::size_t write_sweep_outputs(const SweepSpec& spec, const std::vector<SweepRun>& runs,
                                const std::function<const RunStats*(const SweepRun&)>& stats,
                                const SweepView& view, const std::filesystem::path& dir,
                                const std::string& how) {
  std::size_t failed = 0;
  write_file_atomically(dir / "sweep.csv",
                        sweep_table_csv(spec, runs, stats, dir / "runs", failed));
  const SweepSummary summary = sweep_summary(spec, runs, stats, view, how);
  write_file_atomically(dir / "plot-data.json", summary.plot_data);
  std::string md = summary.markdown;
  const std::string plot_error = draw_plots(dir, "sweep_plots.py");
  if (!plot_error.empty()) md += plot_error + "\n";
  write_file_atomically(dir / "summary.md", md);
  return failed;
}

// One task's command line, run from anywhere: warpforge and the folder by absolute paths.
std::string sweep_task_command(const std::filesystem::path& dir, unsigned chunk,
                               const std::string& index) {
  return fmt::format("{} sweep {}{} --task {} -o {}", shell_word(self_executable().string()),
                     shell_word((dir / "sweep.toml").string()),
                     chunk > 1 ? fmt::format(" --chunk {}", chunk) : "", index,
                     shell_word(dir.string()));
}

// The tasks read the sweep file from the folder: a folder of another sweep file is refused.
void emit_sweep(const std::string& text, const SweepSpec& spec, const std::vector<StudyRun>& all,
                const ClusterEmit& e) {
  check_output_dir("--emit", e.dir.string());
  std::error_code ec;
  const std::filesystem::path copy = std::filesystem::absolute(e.dir, ec) / "sweep.toml";
  if (std::filesystem::exists(copy, ec) &&
      read_input_file(copy, kMaxConfigBytes, "sweep file") != text)
    throw UsageError(
        fmt::format("--emit {}: the folder holds another sweep file ({}): use another folder",
                    e.dir.string(), copy.string()));
  // The tasks read the copy: a program or launch spec named relative to the sweep file must
  // name the same file from the copy's folder.
  bool same_programs = false;
  try {
    const SweepSpec from_copy = parse_sweep_spec(text, copy.string());
    same_programs = from_copy.programs == spec.programs && from_copy.specs == spec.specs;
  } catch (const UsageError&) {
  }
  if (!same_programs)
    throw UsageError(fmt::format(
        "--emit {}: a [[programs]] command or [[specs]] file is a path relative to the sweep "
        "file, and the tasks read its copy in that folder: give them by absolute paths",
        e.dir.string()));
  const std::filesystem::path dir = prepare_task_dir(e);
  write_file_atomically(dir / "sweep.toml", text);
  emit_tasks(
      e, dir, "sweep " + spec.name, "sweep", all.size(),
      [&](const std::string& i) { return sweep_task_command(dir, e.chunk, i); },
      fmt::format("warpforge sweep {} --collect {}", shell_word((dir / "sweep.toml").string()),
                  shell_word(dir.string())));
}

int collect_sweep(const std::string& spec_path, const SweepSpec& spec,
                  const std::vector<SweepRun>& runs, const std::vector<StudyRun>& all,
                  const SweepView& view, const std::filesystem::path& dir) {
  const CollectedTasks c = collect_tasks(all, dir);
  write_sweep_outputs(
      spec, runs,
      [&](const SweepRun& r) -> const RunStats* {
        const auto it = c.stats.find(r.run.stem);
        return it == c.stats.end() ? nullptr : &it->second;
      },
      view, dir, "The runs were made by a cluster's tasks (--emit) and collected (--collect).");
  const auto failed =
      std::count_if(c.stats.begin(), c.stats.end(), [](const auto& kv) { return !kv.second.ok(); });
  fmt::print("sweep {}: {} of {} runs collected, {} failed; table: {}\n", spec.name, c.stats.size(),
             all.size(), failed, (dir / "sweep.csv").string());
  const bool whole = report_collected(c, dir, "sweep.sbatch", [&](const std::string& i) {
    return fmt::format("warpforge sweep {}{} --task {} -o {}", shell_word(spec_path),
                       c.chunk > 1 ? fmt::format(" --chunk {}", c.chunk) : "", i,
                       shell_word(dir.string()));
  });
  return whole ? 0 : 1;
}

int run_sweep(const SweepArgs& a) {
  a.cluster.check();
  const std::string text = read_input_file(a.spec, kMaxConfigBytes, "sweep file");
  const SweepSpec spec = parse_sweep_spec(text, a.spec);
  const std::vector<SweepRun> runs = expand_sweep(spec);
  if (runs.empty()) throw UsageError(a.spec + ": the excludes leave no run");
  const SweepView view = resolve_sweep_view(spec, a.view);
  std::vector<StudyRun> all;
  for (const SweepRun& r : runs) all.push_back(r.run);
  if (a.cluster.task >= 0) {
    if (a.out_dir.empty()) throw UsageError("--task needs -o DIR, the folder of the sweep");
    return run_task(all, static_cast<std::size_t>(a.cluster.task), a.cluster.chunk, a.out_dir);
  }
  check_machines(a.spec, spec, runs);
  if (!a.cluster.collect.empty())
    return collect_sweep(a.spec, spec, runs, all, view, a.cluster.collect);
  if (!a.cluster.emit.empty()) {
    emit_sweep(text, spec, all, a.cluster.emit_options());
    return 0;
  }
  const std::filesystem::path out = a.out_dir.empty() ? "sweep-" + spec.name : a.out_dir;
  const unsigned parallel = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  fmt::print(stderr, "sweep {}: {} runs, {} at once, into {}\n", spec.name, all.size(), parallel,
             out.string());
  const RunSetOutcome done =
      run_study_runs(out, "sweep " + spec.name, all, false, a.resume, parallel);

  const std::size_t failed = write_sweep_outputs(
      spec, runs,
      [&](const SweepRun& r) {
        return &done.runs.at({r.run.workload, r.run.config});
      },
      view, out,
      fmt::format("The runs took {:.0f} s of wall time on {} parallel processes{}.",
                  done.wall_seconds, parallel,
                  done.resumed ? fmt::format("; {} were kept by --resume", done.resumed) : ""));
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
  app.add_option("-j,--jobs", a->jobs,
                 "parallel simulations, 0 to 1024 (default and 0: the number of "
                 "cores)")
      ->check(unsigned_in(0, 1024));
  add_cluster_options(app, a->cluster, "sweep");
  app.add_option("--metric", a->view.metric,
                 "the summary's and plot's metric: ipc (default), cycles, thread_instructions or "
                 "warp_instructions");
  app.add_option("--x", a->view.x,
                 "the axis along the summary's rows and the plot's x axis (default: the first "
                 "axis with more than one value)");
  app.add_option("--group", a->view.group,
                 "the axis the summary's columns and the plot's bars are grouped by (default: the "
                 "next axis with more than one value)");
  return [a] { return run_sweep(*a); };
}

}  // namespace

WF_COMMAND(Command{"sweep", "Run the product of a sweep file's axes and tabulate every run",
                   sweep_setup, 55})

}  // namespace wf::cli
