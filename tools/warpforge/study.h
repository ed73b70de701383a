// A paper's experiments as `warpforge reproduce NAME` runs them. A study plans its runs (one
// `warpforge sim` per workload and configuration) and turns their statistics into a report;
// the running is the machinery sweeps use (study_runner.h locally, with --resume and progress;
// cluster_tasks.h on Slurm or GNU parallel), and cmd_reproduce.cpp writes the files and plots
// for every study alike. Each study is one folder, studies/<name>/: <name>_study.cpp, which
// registers it with one WF_STUDY line, and its plot script <name>_plots.py; nothing else names
// it.
#pragma once

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tools/warpforge/run_stats.h"
#include "tools/warpforge/study_record.h"

namespace wf::cli {

struct StudyRun {
  std::string workload;
  std::string config;                 // its label in the report, e.g. "MWF(GTO)+CFF"
  std::string stem;                   // runs/<stem>.json and .log
  std::vector<std::string> sim_args;  // after `warpforge sim --workload W`
  // A CUDA program and its arguments, run by `warpforge exec` (sim_args are then exec's
  // options); empty for a workload (`warpforge sim`).
  std::vector<std::string> program;
  // A launch spec (TOML) run by `warpforge sim --spec`, instead of the workload's host driver.
  std::string launch_spec;

  // The command line of the run, writing its statistics to `stats`; `self` is warpforge.
  std::vector<std::string> argv(const std::string& self, const std::string& stats) const;
  // What defines the run besides its workload, as its record keeps it: sim_args, then "--" and
  // the program for an exec run.
  std::vector<std::string> record_args() const;
};

struct StudyResults {
  std::vector<std::string> only;                                 // --workloads, if given
  std::map<std::pair<std::string, std::string>, RunStats> runs;  // (workload, config)
  bool quick = false;
  double wall_seconds = 0;
  std::size_t resumed = 0;  // runs kept from an interrupted study (--resume), not timed here
  unsigned parallel = 1;
  bool collected = false;  // read back from a cluster's tasks (--collect): no wall time here
};

// The report's sentence on how its runs were made: "N runs in S s of wall time on P parallel
// processes.", with the runs --resume kept, or "N runs, made by a cluster's tasks (--emit) and
// collected (--collect)."
std::string study_runs_sentence(const StudyResults& r);

std::string warpforge_version();  // the project version, e.g. "0.1.0"

// A study about to run in `dir`, decided before anything there is written.
struct StudyDirPlan {
  StudyRecord record;                // to write before the first run starts
  std::set<std::string> resumable;   // stems --resume may keep (recorded as planned)
  std::vector<std::string> discard;  // stems of another configuration's runs to remove
};

// The one check of a reproduce folder against the study planned into it (docs/commands.md,
// "Resuming a study"). Throws a one-line UsageError, before anything is written, when `dir`
// holds another study or a record that cannot be read, and under `resume` when it holds runs
// of another warpforge, of the other --quick, with other arguments, or runs without a record
// (made before warpforge recorded them). Without `resume` the study starts afresh: the runs of
// the earlier record are to be discarded.
StudyDirPlan plan_study_dir(const std::filesystem::path& dir, const std::string& study,
                            const std::vector<StudyRun>& runs, bool quick, bool resume);

struct StudyReport {
  std::string markdown;   // report.md
  std::string plot_data;  // plot-data.json, the plot script's input
  std::string runs_csv;   // runs.csv, one row per run
};

class Study {
 public:
  virtual ~Study() = default;
  virtual std::string name() const = 0;
  virtual std::string summary() const = 0;  // one line for `reproduce --help`
  // Every run of the study; `only` restricts the workloads (a name that is not one of the
  // study's is a UsageError naming it).
  virtual std::vector<StudyRun> plan(bool quick, const std::vector<std::string>& only) const = 0;
  virtual std::string plot_script() const = 0;  // its <name>_plots.py
  virtual StudyReport report(const StudyResults& r) const = 0;
  // True when every run finished, passed its check and did not deadlock.
  static bool all_ok(const StudyResults& r);
};

std::vector<std::unique_ptr<Study>>& studies();
const Study* find_study(const std::string& name);

// The workloads of suite `name`, in registry order, restricted to `only` when it is not empty.
std::vector<std::string> suite_workloads(const std::string& name,
                                         const std::vector<std::string>& only);
// Throws a UsageError for a name in `only` that is in none of `suites`.
void check_study_workloads(const std::string& study, const std::vector<std::string>& suites,
                           const std::vector<std::string>& only);

// The report's closing section: a table of the runs that failed (`config_column` names the
// second key, e.g. "policy"), or the line saying that every run passed.
std::string failed_runs_markdown(
    const std::map<std::pair<std::string, std::string>, RunStats>& runs,
    const std::string& config_column);

struct StudyRegistrar {
  // Kept in name order: the order of static initialisation (link order, unity batches) is not
  // one to show users.
  explicit StudyRegistrar(std::unique_ptr<Study> s) {
    auto& all = studies();
    const std::string name = s->name();
    const auto at = std::find_if(all.begin(), all.end(),
                                 [&name](const auto& other) { return name < other->name(); });
    all.insert(at, std::move(s));
  }
};

}  // namespace wf::cli

// Named after the class (not __LINE__): the command line compiles as a unity build.
#define WF_STUDY(Class)                                     \
  static const ::wf::cli::StudyRegistrar wf_study_##Class { \
    std::make_unique<Class>()                               \
  }
