#include "tools/warpforge/study_runner.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <system_error>

#include <fmt/format.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "synth/subprocess.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/parallel_runs.h"

namespace wf::cli {

const std::map<std::string, std::string>&
plot_scripts();  // embedded studies/*/*_plots.py, sweep_plots.py

std::string draw_plots(const std::filesystem::path& out, const std::string& script) {
  const std::filesystem::path file = out / script;
  write_file_atomically(file, plot_scripts().at(script));
  // Debian's python3-matplotlib belongs to the system interpreter; a python3 earlier on PATH
  // (a virtualenv, pyenv) may lack it.
  const std::string python =
      std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  RunOptions plotting;
  plotting.timeout = std::chrono::seconds(600);  // seconds, normally; a hung python is no plot
  const RunResult plot = run_process(
      {python, file.string(), (out / "plot-data.json").string(), out.string()}, plotting);
  if (plot.ok()) return "";
  return "The plots could not be drawn (python3 with matplotlib is needed; "
         "tools/install-deps.sh installs it): " +
         first_lines(plot.err.empty() ? plot.out : plot.err, 3);
}

RunSetOutcome run_study_runs(const std::filesystem::path& out, const std::string& label,
                             const std::vector<StudyRun>& all, bool quick, bool resume,
                             unsigned parallel) {
  RunSetOutcome r;
  check_output_dir("-o", out.string());
  // Everything that can refuse the folder is decided here, before anything in it is written.
  const StudyDirPlan dir = plan_study_dir(out, label, all, quick, resume);
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
    j.argv = run.argv(self, pl.stats.string());
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
  auto progress = [&](std::size_t done, std::size_t failed, std::size_t total) {
    if (!tty) return;
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const int width = 40;
    const int filled = static_cast<int>(width * done / total);
    const double eta = done ? s / static_cast<double>(done) * static_cast<double>(total - done) : 0;
    fmt::print(stderr, "\r  [{}{}] {}/{} runs done, {} failed, {} left, {:.0f} s, ETA {:.0f} s  ",
               std::string(filled, '#'), std::string(width - filled, '.'), done, total, failed,
               total - done, s, eta);
    std::fflush(stderr);
  };
  const auto outcomes = run_parallel(jobs, parallel, progress);
  if (tty) fmt::print(stderr, "\n");
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (std::size_t i = 0; i < plan.size(); ++i) {
    RunStats s = read_run_stats(plan[i].stats.string());
    s.exit_status = outcomes[i].exit_status;
    r.runs[{plan[i].workload, plan[i].config}] = s;
    r.seconds[{plan[i].workload, plan[i].config}] = outcomes[i].seconds;
  }

  return r;
}

// Wall time is kept out of runs.csv so that two runs of the same study compare equal there.
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

}  // namespace wf::cli
