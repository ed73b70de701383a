// A set of `warpforge sim` runs (a sweep's, a study's) handed to the engines clusters already
// run (docs/sweeps.md, "On a cluster"): the job files (`--emit slurm|parallel DIR`), one task
// of them (`--task N -o DIR`: one run, recorded beside its statistics) and the reading back of
// every task's files (`--collect DIR`), from which the command writes the same outputs a local
// run would.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tools/warpforge/study.h"

namespace wf::cli {

struct ClusterEmit {
  std::string engine;  // "slurm" or "parallel"
  std::filesystem::path dir;
  unsigned throttle = 0;  // slurm: at most this many array tasks at once (0: no limit)
  std::string time;       // slurm: --time of each task, "" for the cluster's default
  std::string mem;        // slurm: --mem of each task, "" for the cluster's default
  unsigned chunk = 1;     // runs per task
};

// The options a command with cluster tasks takes (sweep, reproduce).
struct ClusterArgs {
  std::vector<std::string> emit;  // ENGINE DIR
  unsigned throttle = 0;
  std::string time, mem;
  long long task = -1;  // --task N, -1 when not given
  unsigned chunk = 1;   // --chunk K: runs per task
  std::string collect;
  // Throws a UsageError for options that need another one: --chunk without --emit or --task.
  void check() const;
  // --emit's engine and folder, checked: a UsageError for an unknown engine, or Slurm's
  // options beside --emit parallel.
  ClusterEmit emit_options() const;
};

// --emit, --array-throttle, --time, --mem, --task and --collect on `app`, with the exclusions
// among them and against `-j`, `--resume` (and `--collect` against `-o`), which must exist.
// `what` names the set in help texts ("sweep", "study").
void add_cluster_options(CLI::App& app, ClusterArgs& c, const std::string& what);

// The folder `e.dir` as an absolute path, created with its runs/ (a UsageError when it cannot
// be), for the task commands to name.
std::filesystem::path prepare_task_dir(const ClusterEmit& e);

// Writes `dir`/jobs.txt (GNU parallel: one command line per task) or `dir`/<stem>.sbatch (a
// Slurm job array, one array task per `e.chunk` runs, output under `dir`/slurm/), and
// `dir`/chunk (runs per task, which collect reads); prints how to start them and then
// `collect`. `command(index)` is one task's command line (index: a number or the shell's
// "$SLURM_ARRAY_TASK_ID"). `runs` is the number of runs.
void emit_tasks(const ClusterEmit& e, const std::filesystem::path& dir, const std::string& name,
                const std::string& stem, std::size_t runs,
                const std::function<std::string(const std::string&)>& command,
                const std::string& collect);

// A POSIX shell word: `s` single-quoted.
std::string shell_word(const std::string& s);

// Task `index`: runs index * chunk ... (index + 1) * chunk - 1 of `all` (0-based, fewer in the
// last task), one after another, each `warpforge sim` into `dir`/runs/ and then
// runs/<stem>.task.json recording what made it and its exit status. Returns 0 when every run
// passed, 1 when one did not.
int run_task(const std::vector<StudyRun>& all, std::size_t index, unsigned chunk,
             const std::filesystem::path& dir);

struct CollectedTasks {
  std::map<std::string, RunStats> stats;  // by stem: the runs found, passed or not
  // Task numbers (runs / chunk), each once.
  std::vector<std::size_t> missing;  // a run with no record
  std::vector<std::size_t> stale;    // a record of other arguments or another warpforge
  std::vector<std::size_t> failed;   // recorded, did not pass
  unsigned chunk = 1;                // runs per task, from `dir`/chunk
};

// Reads every task's record and statistics from `dir`/runs/.
CollectedTasks collect_tasks(const std::vector<StudyRun>& all, const std::filesystem::path& dir);

// Prints which tasks are missing, stale or failed, and the command that reruns only those:
// `sbatch --array=...` when `dir` holds `sbatch` (the script's file name), a `grep` of
// jobs.txt piped to parallel when it holds one, else `command(N)` for each. Returns true when
// every task is there and passed.
bool report_collected(const CollectedTasks& c, const std::filesystem::path& dir,
                      const std::string& sbatch,
                      const std::function<std::string(const std::string&)>& command);

}  // namespace wf::cli
