// What a study reads back from one `warpforge sim --stats` file.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/sm/warp_state.h"

namespace wf::cli {

// The stats' `cta_limits` object, written only under a dispatch policy with per-SM CTA limits
// (`--dispatch dyncta`); docs/dyncta.md describes the fields.
struct CtaLimitStats {
  struct Sm {
    std::uint64_t c_idle = 0, c_mem = 0;  // the controller's counts over the run
    double avg_n = 0;                     // n averaged over the run's cycles
    double ract = 0;                      // issuing cycles over cycles with a CTA
    std::uint64_t paused_warp_cycles = 0;
    std::vector<unsigned> n;  // n at the end of every sampling period
  };
  unsigned period = 0;  // cycles per sampling period
  double ract = 0, util = 0, avg_round_trip = 0;
  std::vector<Sm> sms;
};

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
  // SM-cycles with a CTA resident over all SM-cycles (DYNCTA's util, Kayiran et al. Fig. 4).
  double util = 0;
  double avg_round_trip = 0;  // L1 miss to reply, core cycles
  // SM-cycles by the number of lanes active in what the SM issued (bin 0: issued nothing);
  // empty unless the run was asked for it.
  std::vector<std::uint64_t> active_lanes;
  std::optional<CtaLimitStats> cta_limits;  // only when the stats have the object
  bool ok() const { return exit_status == 0 && status == "ok" && passed; }
};

// Parses a `warpforge sim --stats` file; a missing or unreadable file leaves the status empty.
RunStats read_run_stats(const std::string& path);

}  // namespace wf::cli
