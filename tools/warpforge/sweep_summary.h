// A sweep's summary (DIR/summary.md) and the data of its plot (DIR/plot-data.json, drawn into
// DIR/sweep.png by tools/warpforge/sweep_plots.py): one metric against one axis, grouped by
// another, averaged over the other axes' runs that passed.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tools/warpforge/run_stats.h"
#include "tools/warpforge/sweep_spec.h"

namespace wf::cli {

struct SweepView {
  std::string metric;  // ipc, cycles, thread_instructions or warp_instructions ("": ipc)
  std::string x;       // an axis ("": the first axis with more than one value, else workload)
  std::string group;   // an axis other than x ("": the next axis with more than one value)
};

// `v` with its defaults filled in. Throws a UsageError naming the flag for an unknown metric
// or axis, or a group equal to x.
SweepView resolve_sweep_view(const SweepSpec& spec, const SweepView& v);

struct SweepSummary {
  std::string markdown;
  std::string plot_data;  // JSON
};

// `stats(run)`: the run's statistics, nullptr for a missing one. `how` is a sentence on how
// the runs were made, for the summary's first paragraph.
SweepSummary sweep_summary(const SweepSpec& spec, const std::vector<SweepRun>& runs,
                           const std::function<const RunStats*(const SweepRun&)>& stats,
                           const SweepView& view, const std::string& how);

}  // namespace wf::cli
