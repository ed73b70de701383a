#include "sim_model/gpu/progress_monitor.h"

#include <algorithm>

namespace wf::gpu {

// Checks every 1/64 of the window: a livelock is reported at most that late, and a long run
// spends almost nothing on them.
ProgressMonitor::ProgressMonitor(std::uint64_t window, std::uint64_t now)
    : window_(window),
      interval_(std::max<std::uint64_t>(1, window / 64)),
      observe_from_(window - std::max<std::uint64_t>(1, window / 8)),
      last_progress_(now),
      next_check_(window ? now + std::max<std::uint64_t>(1, std::min(interval_, observe_from_))
                         : kNever) {}

ProgressMonitor::Verdict ProgressMonitor::check(std::uint64_t now, bool progressed) {
  if (window_ == 0) return Verdict::kQuiet;
  longest_quiet_ = std::max(longest_quiet_, now - last_progress_);
  if (progressed) {
    last_progress_ = now;
    observing_ = false;
  }
  const std::uint64_t quiet = now - last_progress_;
  if (quiet >= window_) return Verdict::kLivelock;
  if (quiet >= observe_from_) {
    next_check_ = now + 1;
    if (observing_) return Verdict::kObserving;
    observing_ = true;
    return Verdict::kStartObserving;
  }
  next_check_ = std::min(now + interval_, last_progress_ + observe_from_);
  return Verdict::kQuiet;
}

}  // namespace wf::gpu
