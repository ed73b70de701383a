// What a study reads back from one `warpforge sim --stats` file.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/sm/warp_state.h"

namespace wf::cli {

struct RunStats {
  int exit_status = -1;  // of `warpforge sim`
  std::string status;    // the stats' status: ok | deadlock | error
  bool passed = false;   // the CPU check
  std::uint64_t cycles = 0;
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;
  double ipc = 0;
  sm::StateCounts states{};
  std::uint64_t live_warp_cycles = 0;
  double rtru = 0;
  // Mean over the SMs of their busy cycles (a CTA resident) over the busiest SM's: low when a
  // few long CTAs keep one SM working after the others ran out of work.
  double sm_balance = 1;
  // SM-cycles by the number of lanes active in what the SM issued (bin 0: issued nothing);
  // empty unless the run was asked for it.
  std::vector<std::uint64_t> active_lanes;
  double seconds = 0;  // wall time of the run
  bool ok() const { return exit_status == 0 && status == "ok" && passed; }
};

// Parses a `warpforge sim --stats` file; a missing or unreadable file leaves the status empty.
RunStats read_run_stats(const std::string& path);

}  // namespace wf::cli
