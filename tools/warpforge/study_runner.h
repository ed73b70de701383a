// Runs a set of `warpforge sim` runs into a folder, the way `reproduce` runs a study and
// `sweep` a sweep: the folder checked and recorded first (study.h: plan_study_dir), passed runs
// of an interrupted set kept under --resume, the rest several at once with a progress line.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tools/warpforge/study.h"

namespace wf::cli {

struct RunSetOutcome {
  std::map<std::pair<std::string, std::string>, RunStats> runs;   // (workload, config)
  std::map<std::pair<std::string, std::string>, double> seconds;  // wall time, runs done here
  std::size_t resumed = 0;                                        // runs kept by --resume
  double wall_seconds = 0;
};

// Runs `all` into `out` (runs/<stem>.json and .log, and the record `kStudyRecordFile`).
// `label` names the set in the record ("baws", "sweep NAME"). Throws a one-line UsageError
// before anything is written when the folder cannot take the set (plan_study_dir).
RunSetOutcome run_study_runs(const std::filesystem::path& out, const std::string& label,
                             const std::vector<StudyRun>& all, bool quick, bool resume,
                             unsigned parallel);

// Writes the embedded plot script `script` (studies/<name>/, sweep_plots.py) into `out` and runs it
// on `out`/plot-data.json with Debian's python3 (and matplotlib). Returns "" when it drew, else a
// sentence for the report saying why not.
std::string draw_plots(const std::filesystem::path& out, const std::string& script);

// The CSV of each run's wall time (runs kept by --resume: empty), in the order of `all`.
std::string timing_csv(const std::vector<StudyRun>& all,
                       const std::map<std::pair<std::string, std::string>, double>& seconds);

}  // namespace wf::cli
