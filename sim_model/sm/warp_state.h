// The one state every live warp is counted in, every cycle (DESIGN.md section 4). The names are
// the stats' stable column names.
#pragma once

#include <array>
#include <cstdint>

namespace wf::sm {

enum class WarpState : std::uint8_t {
  kIssued,      // issued an instruction this cycle
  kBarrier,     // waiting at a CTA barrier
  kExit,        // finished, its CTA not yet
  kFetch,       // I-buffer empty (incl. an I-cache miss in flight)
  kData,        // next instruction waits on the scoreboard (RAW/WAW, incl. memory results)
  kStructural,  // its unit (or the shared-memory banks / L1) cannot take it this cycle
  kControl,     // I-buffer empty behind an unresolved branch
  kReady,       // could issue, the scheduler picked another warp
  kWaiting,     // its work-group is parked on a condition (AWG's waiting atomics)
  // Could issue, but its CTA is paused (DYNCTA) and a warp of an unpaused CTA was offered
  // instead. Split from kReady when the stats are read (Sm::stats): the issue stage tracks
  // these warps as ready and counts the cycles it held them back (CtaPausing).
  kPaused,
};
inline constexpr unsigned kNumWarpStates = 10;

inline constexpr std::array<const char*, kNumWarpStates> kWarpStateNames = {
    "issued",     "barrier", "exit",  "fetch",   "data",
    "structural", "control", "ready", "waiting", "paused"};

using StateCounts = std::array<std::uint64_t, kNumWarpStates>;

}  // namespace wf::sm
