// The table of a sweep (DIR/sweep.csv): one row per run, in the order of the axes, the same
// whether the runs were made here (`sweep`) or by a cluster's tasks (`sweep --collect`).
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tools/warpforge/run_stats.h"
#include "tools/warpforge/sweep_spec.h"

namespace wf::cli {

// `stats(run)` is the run's statistics, or nullptr for a run that was never made (its row says
// "missing"). A run that did not pass gets the first line of runs/<stem>.log naming the reason.
// Counts the runs that did not pass (missing ones included) into `failed`.
std::string sweep_table_csv(const SweepSpec& spec, const std::vector<SweepRun>& runs,
                            const std::function<const RunStats*(const SweepRun&)>& stats,
                            const std::filesystem::path& runs_dir, std::size_t& failed);

}  // namespace wf::cli
