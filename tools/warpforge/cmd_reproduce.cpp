// `warpforge reproduce STUDY`: reruns a paper's experiments on the cycle model and writes our
// numbers beside the paper's. The studies register themselves (study.h); this runs any of
// them: one `warpforge sim` process per (workload, configuration), several at once; then a
// Markdown report, a CSV of every run and PNG plots (python3-matplotlib). Exit status: 0 every
// run passed, 1 a run failed its check, deadlocked or crashed (the report lists it), 2 bad input.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "synth/subprocess.h"
#include "tools/warpforge/cluster_tasks.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/parallel_runs.h"
#include "tools/warpforge/study.h"
#include "tools/warpforge/study_runner.h"

namespace wf::cli {

namespace {

struct ReproduceArgs {
  std::string study;
  std::string out_dir;
  bool quick = false;
  bool resume = false;
  unsigned jobs = 0;
  std::vector<std::string> only;  // restrict to these workloads
  ClusterArgs cluster;
};

std::string study_names() {
  std::vector<std::string> names;
  for (const auto& s : studies()) names.push_back(s->name());
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// report.md, runs.csv, timing.csv, plot-data.json, the plot script and its plots in `out`;
// prints the closing line. Returns the exit status: 0 when every run passed.
int write_study_outputs(const Study& study, const StudyResults& r, const std::filesystem::path& out,
                        const std::vector<StudyRun>& all,
                        const std::map<std::pair<std::string, std::string>, double>& seconds) {
  const StudyReport report = study.report(r);
  write_file_atomically(out / "runs.csv", report.runs_csv);
  write_file_atomically(out / "timing.csv", timing_csv(all, seconds));
  write_file_atomically(out / "plot-data.json", report.plot_data);
  std::string md = report.markdown;
  const std::string plot_error = draw_plots(out, study.plot_script());
  if (!plot_error.empty()) md += "\n" + plot_error + "\n";
  write_file_atomically(out / "report.md", md);
  const bool ok = Study::all_ok(r);
  const std::string how =
      r.collected ? "collected"
                  : fmt::format("in {:.0f} s{}", r.wall_seconds,
                                r.resumed ? fmt::format(" ({} kept by --resume)", r.resumed) : "");
  fmt::print("{} runs {}, {}; report: {}\n", r.runs.size(), how,
             ok ? "all passed" : "SOME FAILED (see the report)", (out / "report.md").string());
  return ok ? 0 : 1;
}

// One task's command line, run from anywhere: warpforge and the folder by absolute paths, and
// the options that choose the study's runs.
std::string reproduce_task_command(const ReproduceArgs& a, const std::filesystem::path& dir,
                                   unsigned chunk, const std::string& index) {
  std::string c = fmt::format(
      "{} reproduce {}{} --task {} -o {}", shell_word(self_executable().string()), a.study,
      chunk > 1 ? fmt::format(" --chunk {}", chunk) : "", index, shell_word(dir.string()));
  if (a.quick) c += " --quick";
  if (!a.only.empty()) c += " --workloads " + shell_word(fmt::format("{}", fmt::join(a.only, ",")));
  return c;
}

int run_study(const Study& study, const ReproduceArgs& a) {
  a.cluster.check();
  StudyResults r;
  r.quick = a.quick;
  r.only = a.only;
  r.parallel = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  const std::vector<StudyRun> all = study.plan(a.quick, a.only);
  if (a.cluster.task >= 0) {
    if (a.out_dir.empty()) throw UsageError("--task needs -o DIR, the folder of the study");
    return run_task(all, static_cast<std::size_t>(a.cluster.task), a.cluster.chunk, a.out_dir);
  }
  if (!a.cluster.emit.empty()) {
    const ClusterEmit e = a.cluster.emit_options();
    const std::filesystem::path dir = prepare_task_dir(e);
    std::string hint = fmt::format(
        "warpforge reproduce {} --collect {}{}{}", a.study, shell_word(dir.string()),
        a.quick ? " --quick" : "",
        a.only.empty() ? ""
                       : " --workloads " + shell_word(fmt::format("{}", fmt::join(a.only, ","))));
    emit_tasks(
        e, dir, "reproduce " + a.study, a.study, all.size(),
        [&](const std::string& i) { return reproduce_task_command(a, dir, e.chunk, i); }, hint);
    return 0;
  }
  if (!a.cluster.collect.empty()) {
    const std::filesystem::path dir = a.cluster.collect;
    const CollectedTasks c = collect_tasks(all, dir);
    for (const StudyRun& run : all) {
      const auto it = c.stats.find(run.stem);
      // A missing run is a failed one in the report: no statistics.
      r.runs[{run.workload, run.config}] = it != c.stats.end() ? it->second : RunStats{};
    }
    r.collected = true;
    const int status = write_study_outputs(study, r, dir, all, {});
    const bool whole = report_collected(c, dir, a.study + ".sbatch", [&](const std::string& i) {
      return reproduce_task_command(a, std::filesystem::absolute(dir), c.chunk, i);
    });
    return whole ? status : 1;
  }
  const std::filesystem::path out = a.out_dir.empty() ? "reproduce-" + study.name() : a.out_dir;
  const RunSetOutcome done = run_study_runs(out, study.name(), all, a.quick, a.resume, r.parallel);
  r.runs = done.runs;
  r.resumed = done.resumed;
  r.wall_seconds = done.wall_seconds;
  return write_study_outputs(study, r, out, all, done.seconds);
}

std::function<int()> reproduce_setup(CLI::App& app) {
  auto a = std::make_shared<ReproduceArgs>();
  std::string help = "the study:";
  for (const auto& s : studies()) help += "\n  " + s->name() + ": " + s->summary();
  app.add_option("study", a->study, help)->required();
  app.add_option("-o,--out", a->out_dir, "output directory (default: reproduce-STUDY)");
  app.add_flag("--quick", a->quick, "small inputs (each workload's test size) on one SM: seconds");
  app.add_flag("--resume", a->resume,
               "keep the passed runs of an interrupted study in the same directory; refused "
               "when they were made with other options or another warpforge");
  app.add_option("-j,--jobs", a->jobs,
                 "parallel simulations, 0 to 1024 (default and 0: the number of cores)")
      ->check(unsigned_in(0, 1024));
  app.add_option("--workloads", a->only, "only these workloads of the study (comma separated)")
      ->delimiter(',');
  add_cluster_options(app, a->cluster, "study");
  return [a] {
    const Study* study = find_study(a->study);
    if (!study)
      throw UsageError(fmt::format("reproduce: unknown study \"{}\"; expected one of {}", a->study,
                                   study_names()));
    return run_study(*study, *a);
  };
}

}  // namespace

WF_COMMAND(Command{"reproduce", "Rerun a paper's experiments and compare with its numbers",
                   reproduce_setup, 50})

}  // namespace wf::cli
