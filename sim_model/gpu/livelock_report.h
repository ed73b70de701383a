// What a livelocked launch leaves behind (sim_model/gpu/progress_monitor.h detects it): the
// facts, every unfinished warp with the PCs it spun over, and the likely cause in one line.
// Runtime::launch throws it inside a LivelockError (runtime.h).
#pragma once

#include <cstdint>
#include <string>

namespace wf::gpu {

// The functional executor's default window, in warp instructions (RuntimeOptions,
// FunctionalOptions); the cycle model's is TimingConfig::livelock_cycles. docs/commands.md
// gives the margin over the built-in workloads.
inline constexpr std::uint64_t kDefaultLivelockWarpInstructions = 1ull << 28;
// Functional launches: warp instructions between two updates of the progress line.
inline constexpr std::uint64_t kDefaultProgressWarpInstructions = 1ull << 24;

struct LivelockReport {
  std::string kernel;
  std::string unit;          // what the window counts: "cycles" or "warp instructions"
  std::uint64_t window = 0;  // no progress for this long ...
  std::uint64_t at = 0;      // ... up to this point of the run, in the same unit
  std::uint64_t ctas_launched = 0, ctas_finished = 0, ctas_resident = 0, ctas_waiting = 0;
  // One line per live warp, each with its spin-loop PC range (the lowest and highest PC it ran
  // while the monitor watched).
  std::string warp_dump;

  // "kernel 'k' livelocked: no CTA finished and no store changed memory for N cycles (at
  // cycle M)", one line
  std::string message() const;
  // The likely cause, computed from the CTA counts: CTAs still waiting for a slot mean a
  // grid-wide barrier or lock that needs them cannot finish; none waiting, a lock or flag
  // nobody will release.
  std::string cause() const;
  // What a command prints after the message: the warp dump, then "  likely cause: ...".
  std::string details() const;
};

}  // namespace wf::gpu
