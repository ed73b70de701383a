// `warpforge reproduce STUDY`: reruns a paper's experiments on the cycle model and writes our
// numbers beside the paper's. Studies: baws (the others come with their issues). One
// `warpforge sim` process per (workload, policy), several at once; then a Markdown report,
// a CSV of every run and PNG plots (python3-matplotlib). Exit status: 0 every run passed,
// 1 a run failed its check, deadlocked or crashed (the report lists it), 2 bad input.
#include <unistd.h>

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
#include "tools/warpforge/baws_study.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/parallel_runs.h"
#include "workloads/workload.h"

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

std::vector<std::string> suite(const std::string& name, const std::vector<std::string>& only) {
  std::vector<std::string> out;
  for (const auto* w : workloads::all_workloads()) {
    if (std::find(w->suites.begin(), w->suites.end(), name) == w->suites.end()) continue;
    if (!only.empty() && std::find(only.begin(), only.end(), w->name) == only.end()) continue;
    out.push_back(w->name);
  }
  return out;
}

int run_baws(const ReproduceArgs& a) {
  for (const auto& w : a.only) {
    const auto* known = workloads::find_workload(w);
    if (!known || known->suites.empty())
      throw UsageError(fmt::format("--workloads: \"{}\" is not a workload of the BAWS study", w));
  }
  BawsResults r;
  r.quick = a.quick;
  r.barrier_workloads = suite("baws-barrier", a.only);
  r.other_workloads = suite("baws-other", a.only);
  r.parallel = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  const std::filesystem::path out = a.out_dir.empty() ? "reproduce-baws" : a.out_dir;
  check_output_dir("-o", out.string());
  const std::filesystem::path runs = out / "runs";
  std::error_code ec;
  std::filesystem::create_directories(runs, ec);
  if (ec)
    throw UsageError(
        fmt::format("-o {}: cannot create the directory: {}", out.string(), ec.message()));

  struct Planned {
    std::string workload, policy;
    std::filesystem::path stats;
  };
  std::vector<Planned> plan;  // runs to do
  std::vector<ProcessJob> jobs;
  const std::string self = self_executable().string();
  for (const auto* ws : {&r.barrier_workloads, &r.other_workloads}) {
    for (const auto& w : *ws) {
      for (const auto& p : baws_policies()) {
        const std::string stem = w + "__" + p.key();
        Planned pl{w, p.label, runs / (stem + ".json")};
        ProcessJob j;
        j.argv = {self,    "sim",     "--workload", w,         "--issue",
                  p.issue, "--fetch", p.fetch,      "--stats", pl.stats.string()};
        if (a.quick) {
          // Test-size inputs have few CTAs; on one SM they still share it, so the CTA-level
          // policies have something to order.
          const auto* wl = workloads::find_workload(w);
          j.argv.insert(j.argv.end(), {"--size", std::to_string(wl->test_size)});
          if (!wl->persistent_grid) j.argv.insert(j.argv.end(), {"--param", "num_sms=1"});
        }
        j.log = runs / (stem + ".log");
        if (a.resume) {
          // A run that finished and passed in an earlier, interrupted study is kept.
          RunStats kept = read_run_stats(pl.stats.string());
          kept.exit_status = kept.status == "ok" && kept.passed ? 0 : -1;
          if (kept.ok()) {
            r.runs[{pl.workload, pl.policy}] = kept;
            ++r.resumed;
            continue;
          }
        }
        std::filesystem::remove(pl.stats, ec);  // a stale file must not pass for this run's
        plan.push_back(std::move(pl));
        jobs.push_back(std::move(j));
      }
    }
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
  for (std::size_t i = 0; i < plan.size(); ++i) {
    RunStats s = read_run_stats(plan[i].stats.string());
    s.exit_status = outcomes[i].exit_status;
    s.seconds = outcomes[i].seconds;
    r.runs[{plan[i].workload, plan[i].policy}] = s;
  }

  write_file_atomically(out / "runs.csv", baws_runs_csv(r));
  write_file_atomically(out / "plot-data.json", baws_plot_data_json(r));
  const std::filesystem::path script = out / "baws_plots.py";
  write_file_atomically(script, plot_scripts().at("baws_plots.py"));
  // Debian's python3-matplotlib belongs to the system interpreter; a python3 earlier on PATH
  // (a virtualenv, pyenv) may lack it.
  const std::string python =
      std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  RunOptions plotting;
  plotting.timeout = std::chrono::seconds(600);  // seconds, normally; a hung python is no plot
  const RunResult plot = run_process(
      {python, script.string(), (out / "plot-data.json").string(), out.string()}, plotting);
  std::string md = baws_report_markdown(r);
  if (!plot.ok()) {
    md +=
        "\nThe plots could not be drawn (python3 with matplotlib is needed; "
        "tools/install-deps.sh installs it): " +
        first_lines(plot.err.empty() ? plot.out : plot.err, 3) + "\n";
  }
  write_file_atomically(out / "report.md", md);
  const bool ok = baws_all_runs_ok(r);
  fmt::print("{} runs in {:.0f} s, {}; report: {}\n", r.runs.size(), r.wall_seconds,
             ok ? "all passed" : "SOME FAILED (see the report)", (out / "report.md").string());
  return ok ? 0 : 1;
}

std::function<int()> setup(CLI::App& app) {
  auto a = std::make_shared<ReproduceArgs>();
  app.add_option("study", a->study, "the study: baws")->required();
  app.add_option("-o,--out", a->out_dir, "output directory (default: reproduce-STUDY)");
  app.add_flag("--quick", a->quick, "small inputs (each workload's test size) on one SM: seconds");
  app.add_flag("--resume", a->resume,
               "keep the runs of an interrupted study in the same directory that passed");
  app.add_option("-j,--jobs", a->jobs,
                 "parallel simulations, 0 to 1024 (default and 0: the number of cores)")
      ->check(unsigned_in(0, 1024));
  app.add_option("--workloads", a->only, "only these workloads of the study (comma separated)")
      ->delimiter(',');
  return [a] {
    if (a->study != "baws")
      throw UsageError(
          fmt::format("reproduce: unknown study \"{}\"; expected one of baws", a->study));
    return run_baws(*a);
  };
}

}  // namespace

WF_COMMAND(Command{"reproduce", "Rerun a paper's experiments and compare with its numbers", setup,
                   50})

}  // namespace wf::cli
