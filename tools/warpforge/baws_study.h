// The BAWS study (Liu et al., ICS 2016) as `warpforge reproduce baws` runs it: the policy
// combinations of the paper's Fig. 8, 9 and 12, the workload suites, the paper's headline
// numbers, and the report that puts ours beside them.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sim_model/sm/warp_state.h"

namespace wf::cli {

struct StudyPolicy {
  std::string label;  // as the paper names it, e.g. "MWF(GTO)+CFF"
  std::string issue, fetch;
  std::string key() const { return issue + "__" + fetch; }  // file-name safe
};

// LRR, GTO, TLS, MWF(LRR), MWF(GTO), each without and with CFF (Fig. 8), SAWS with and without
// CFF (Fig. 12) and MWF(GTO)+FEF (Fig. 9). LRR (lrr/lrr) is the baseline.
const std::vector<StudyPolicy>& baws_policies();

// What the study reads back from one run's stats.
struct RunStats {
  int exit_status = -1;  // of `warpforge sim`
  std::string status;    // the stats' status: ok | deadlock | error
  bool passed = false;   // the CPU check
  std::uint64_t cycles = 0;
  double ipc = 0;
  sm::StateCounts states{};
  std::uint64_t live_warp_cycles = 0;
  double rtru = 0;
  // Mean over the SMs of their busy cycles (a CTA resident) over the busiest SM's: low when a
  // few long CTAs keep one SM working after the others ran out of work.
  double sm_balance = 1;
  double seconds = 0;  // wall time of the run
  bool ok() const { return exit_status == 0 && status == "ok" && passed; }
};

// Parses a `warpforge sim --stats` file; a missing or unreadable file leaves the status empty.
RunStats read_run_stats(const std::string& path);

struct BawsResults {
  std::vector<std::string> barrier_workloads;                    // suite baws-barrier
  std::vector<std::string> other_workloads;                      // suite baws-other
  std::map<std::pair<std::string, std::string>, RunStats> runs;  // (workload, policy label)
  bool quick = false;
  double wall_seconds = 0;
  std::size_t resumed = 0;  // runs kept from an interrupted study (--resume), not timed here
  unsigned parallel = 1;
};

// The Markdown report: headline relations (ours beside the paper's), per-workload speedups
// over LRR, barrier fractions and RTRU, the stall breakdown, and every run that failed.
std::string baws_report_markdown(const BawsResults& r);
// The numbers the plot script draws (speedups and the stall breakdown), as JSON.
std::string baws_plot_data_json(const BawsResults& r);
// One CSV row per run.
std::string baws_runs_csv(const BawsResults& r);
// True when every run finished, passed its check and did not deadlock.
bool baws_all_runs_ok(const BawsResults& r);

}  // namespace wf::cli
