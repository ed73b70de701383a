// DYNCTA's CTA pausing where it acts, at the issue stage (the CTA-dispatch policy `dyncta`
// decides which CTAs are paused: sim_model/sm/policies/dispatch/dyncta.h). A paused CTA is
// deprioritised, never stopped: its warps are offered to the scheduler only when no warp of an
// unpaused CTA is ready. That alone could livelock a kernel whose unpaused warps spin on a flag
// or lock that a paused CTA must set or release (spinning warps are always ready), so an aging
// bound guarantees progress: a scheduler that has held ready paused warps back in kAgingCycles
// cycles since a paused warp last issued offers only its paused warps until one of them issues.
// A paused CTA therefore issues at least once every kAgingCycles + 1 cycles in which it has a
// ready warp (docs/cycle-model.md, "CTA pausing").
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace wf::sm {

class CtaPausing {
 public:
  static constexpr unsigned kAgingCycles = 256;
  static constexpr unsigned kMaxSchedulers = 4;

  // Scheduler k's warps of paused CTAs, as its local warp bits.
  void set(unsigned k, std::uint64_t paused) {
    paused_[k] = paused;
    if (!paused) starved_[k] = 0;
  }
  bool any() const {
    for (const std::uint64_t p : paused_)
      if (p) return true;
    return false;
  }
  // The warps of `ready` scheduler k may pick from this cycle.
  std::uint64_t offer(unsigned k, std::uint64_t ready) {
    const std::uint64_t paused = ready & paused_[k];
    const std::uint64_t unpaused = ready & ~paused_[k];
    if (!paused || !unpaused) return ready;
    if (starved_[k] >= kAgingCycles) return paused;
    ++starved_[k];
    held_warp_cycles_ += static_cast<std::uint64_t>(std::popcount(paused));
    return unpaused;
  }
  // Scheduler k picked local warp `pick` (-1: none).
  void picked(unsigned k, int pick) {
    if (pick >= 0 && ((paused_[k] >> pick) & 1)) starved_[k] = 0;
  }
  // Warp-cycles in which a ready warp of a paused CTA was held back for an unpaused one.
  std::uint64_t held_warp_cycles() const { return held_warp_cycles_; }

 private:
  std::array<std::uint64_t, kMaxSchedulers> paused_{};
  std::array<unsigned, kMaxSchedulers> starved_{};  // cycles held back since a paused issue
  std::uint64_t held_warp_cycles_ = 0;
};

}  // namespace wf::sm
