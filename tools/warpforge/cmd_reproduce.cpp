// `warpforge reproduce STUDY`: reruns a paper's experiments on the cycle model and writes our
// numbers beside the paper's. The studies register themselves (study.h); this runs any of
// them: one `warpforge sim` process per (workload, configuration), several at once; then a
// Markdown report, a CSV of every run and PNG plots (python3-matplotlib). Exit status: 0 every
// run passed, 1 a run failed its check, deadlocked or crashed (the report lists it), 2 bad input.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "synth/subprocess.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/parallel_runs.h"
#include "tools/warpforge/study.h"

namespace wf::cli {

const std::map<std::string, std::string>& plot_scripts();  // embedded tools/plots/*.py

namespace {

struct ReproduceArgs {
  std::string study;
  std::string out_dir;
  bool quick = false;
  bool resume = false;
  unsigned jobs = 0;
  std::vector<std::string> only;  // restrict to these workloads
};

std::string study_names() {
  std::vector<std::string> names;
  for (const auto& s : studies()) names.push_back(s->name());
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// Wall time is kept out of runs.csv so that two runs of the same study compare equal there;
// a run kept by --resume was not timed by this study, and its field is empty.
std::string timing_csv(const std::vector<StudyRun>& all,
                       const std::map<std::pair<std::string, std::string>, double>& seconds) {
  std::string csv = "workload,config,seconds\n";
  for (const StudyRun& run : all) {
    const auto it = seconds.find({run.workload, run.config});
    csv += fmt::format("{},{},{}\n", run.workload, run.config,
                       it == seconds.end() ? "" : fmt::format("{:.2f}", it->second));
  }
  return csv;
}

int run_study(const Study& study, const ReproduceArgs& a) {
  StudyResults r;
  r.quick = a.quick;
  r.only = a.only;
  r.parallel = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  const std::vector<StudyRun> all = study.plan(a.quick, a.only);
  const std::filesystem::path out = a.out_dir.empty() ? "reproduce-" + study.name() : a.out_dir;
  check_output_dir("-o", out.string());
  // Everything that can refuse the folder is decided here, before anything in it is written.
  const StudyDirPlan dir = plan_study_dir(out, study.name(), all, a.quick, a.resume);
  const std::filesystem::path runs = out / "runs";
  std::error_code ec;
  std::filesystem::create_directories(runs, ec);
  if (ec)
    throw UsageError(
        fmt::format("-o {}: cannot create the directory: {}", out.string(), ec.message()));
  for (const std::string& stem : dir.discard)
    for (const char* ext : {".json", ".log"}) std::filesystem::remove(runs / (stem + ext), ec);
  // Before the first run: an interrupted study must leave the record of what it started.
  write_file_atomically(out / kStudyRecordFile, study_record_json(dir.record));

  struct Planned {
    std::string workload, config;
    std::filesystem::path stats;
  };
  std::vector<Planned> plan;  // runs to do
  std::vector<ProcessJob> jobs;
  const std::string self = self_executable().string();
  for (const StudyRun& run : all) {
    Planned pl{run.workload, run.config, runs / (run.stem + ".json")};
    ProcessJob j;
    j.argv = {self, "sim", "--workload", run.workload};
    j.argv.insert(j.argv.end(), run.sim_args.begin(), run.sim_args.end());
    j.argv.insert(j.argv.end(), {"--stats", pl.stats.string()});
    j.log = runs / (run.stem + ".log");
    if (dir.resumable.count(run.stem)) {
      // A run of this configuration that finished and passed in an earlier, interrupted study.
      RunStats kept = read_run_stats(pl.stats.string());
      kept.exit_status = kept.status == "ok" && kept.passed ? 0 : -1;
      if (kept.ok()) {
        r.runs[{pl.workload, pl.config}] = kept;
        ++r.resumed;
        continue;
      }
    }
    std::filesystem::remove(pl.stats, ec);  // a stale file must not pass for this run's
    plan.push_back(std::move(pl));
    jobs.push_back(std::move(j));
  }

  const bool tty = isatty(fileno(stderr));
  const auto start = std::chrono::steady_clock::now();
  auto progress = [&](std::size_t done, std::size_t total) {
    if (!tty) return;
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const int width = 40;
    const int filled = static_cast<int>(width * done / total);
    const double eta = done ? s / static_cast<double>(done) * static_cast<double>(total - done) : 0;
    fmt::print(stderr, "\r  [{}{}] {}/{} runs, {:.0f} s, ETA {:.0f} s  ", std::string(filled, '#'),
               std::string(width - filled, '.'), done, total, s, eta);
    std::fflush(stderr);
  };
  const auto outcomes = run_parallel(jobs, r.parallel, progress);
  if (tty) fmt::print(stderr, "\n");
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::map<std::pair<std::string, std::string>, double> seconds;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    RunStats s = read_run_stats(plan[i].stats.string());
    s.exit_status = outcomes[i].exit_status;
    r.runs[{plan[i].workload, plan[i].config}] = s;
    seconds[{plan[i].workload, plan[i].config}] = outcomes[i].seconds;
  }

  const StudyReport report = study.report(r);
  write_file_atomically(out / "runs.csv", report.runs_csv);
  write_file_atomically(out / "timing.csv", timing_csv(all, seconds));
  write_file_atomically(out / "plot-data.json", report.plot_data);
  const std::filesystem::path script = out / study.plot_script();
  write_file_atomically(script, plot_scripts().at(study.plot_script()));
  // Debian's python3-matplotlib belongs to the system interpreter; a python3 earlier on PATH
  // (a virtualenv, pyenv) may lack it.
  const std::string python =
      std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  RunOptions plotting;
  plotting.timeout = std::chrono::seconds(600);  // seconds, normally; a hung python is no plot
  const RunResult plot = run_process(
      {python, script.string(), (out / "plot-data.json").string(), out.string()}, plotting);
  std::string md = report.markdown;
  if (!plot.ok()) {
    md +=
        "\nThe plots could not be drawn (python3 with matplotlib is needed; "
        "tools/install-deps.sh installs it): " +
        first_lines(plot.err.empty() ? plot.out : plot.err, 3) + "\n";
  }
  write_file_atomically(out / "report.md", md);
  const bool ok = Study::all_ok(r);
  fmt::print("{} runs in {:.0f} s{}, {}; report: {}\n", r.runs.size(), r.wall_seconds,
             r.resumed ? fmt::format(" ({} kept by --resume)", r.resumed) : "",
             ok ? "all passed" : "SOME FAILED (see the report)", (out / "report.md").string());
  return ok ? 0 : 1;
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
