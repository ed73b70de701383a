// Tells a livelock from a long computation. Progress is a CTA finishing or a store, atomic or
// reduction changing a memory value (the executor notes the latter where it writes memory); a
// grid whose warps keep running without either for a whole window is livelocked, typically
// spinning on a flag or lock that nothing will ever set. The cycle model counts time in cycles,
// the functional driver in warp instructions; the monitor does not care which.
//
// The caller samples: it compares its clock with next_check() (the only cost per cycle or per
// warp turn) and, when that is due, calls check() saying whether anything progressed since the
// last check. The last eighth of the window is observed: checks are then due every unit of
// time, and the caller records the PCs its warps run there (the spin loops of the report).
#pragma once

#include <cstdint>
#include <limits>

namespace wf::gpu {

class ProgressMonitor {
 public:
  enum class Verdict {
    kQuiet,           // nothing to do
    kStartObserving,  // forget the PCs recorded so far and record from now on
    kObserving,       // keep recording
    kLivelock,        // no progress for the whole window
  };
  static constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

  // `window` 0 never reports a livelock. `now`: the caller's clock at the start.
  ProgressMonitor(std::uint64_t window, std::uint64_t now);

  std::uint64_t window() const { return window_; }
  std::uint64_t next_check() const { return next_check_; }
  bool observing() const { return observing_; }
  // At or after next_check(); `progressed`: a CTA finished or memory changed since the last call.
  Verdict check(std::uint64_t now, bool progressed);
  // When progress was last seen (a check's time: progress happened at or before it).
  std::uint64_t last_progress() const { return last_progress_; }
  // The longest stretch between two checks that saw progress, or from the last of them to the
  // latest check: what a window must exceed for a run to finish.
  std::uint64_t longest_quiet() const { return longest_quiet_; }

 private:
  std::uint64_t window_, interval_, observe_from_;
  std::uint64_t last_progress_, next_check_;
  std::uint64_t longest_quiet_ = 0;
  bool observing_ = false;
};

}  // namespace wf::gpu
