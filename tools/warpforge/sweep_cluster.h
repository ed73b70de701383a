// A sweep handed to the engines clusters already run (docs/sweeps.md, "On a cluster"): the
// folder of job scripts (`--emit slurm|parallel DIR`), one task of it (`--task N -o DIR`: one
// run, recorded beside its statistics) and the table built from the tasks' files (`--collect
// DIR`), the same table a local sweep writes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/warpforge/sweep_spec.h"

namespace wf::cli {

struct SweepEmit {
  std::string engine;  // "slurm" or "parallel"
  std::filesystem::path dir;
  unsigned throttle = 0;  // slurm: at most this many array tasks at once (0: no limit)
  std::string time;       // slurm: --time of each task, "" for the cluster's default
  std::string mem;        // slurm: --mem of each task, "" for the cluster's default
};

// Writes DIR/sweep.toml (the sweep file's text, which every task reads), DIR/runs/ and the job
// list DIR/jobs.txt (GNU parallel: one command line per task) or the batch script
// DIR/sweep.sbatch (a Slurm job array, one array task per run). Refuses, before writing, a DIR
// holding another sweep file.
void emit_sweep(const std::string& spec_text, const SweepSpec& spec,
                const std::vector<SweepRun>& runs, const SweepEmit& e);

// Task `index` (0-based, in the order of the table): its `warpforge sim` into DIR/runs/, then
// DIR/runs/<stem>.task.json recording what made it and its exit status. Returns 0 when the run
// passed, 1 when it did not.
int run_sweep_task(const std::vector<SweepRun>& runs, std::size_t index,
                   const std::filesystem::path& dir);

// DIR/sweep.csv from the tasks' files; prints which tasks are missing (no record, or one made
// with other arguments or another warpforge) or failed, and the command that reruns only them.
// Returns 0 when every run is there and passed, else 1.
int collect_sweep(const std::string& spec_path, const SweepSpec& spec,
                  const std::vector<SweepRun>& runs, const std::filesystem::path& dir);

}  // namespace wf::cli
