// The CTA order of SAWS (Liu, Yang and Melhem, MICRO 2015, as compared against in BAWS section
// 6.6): the CTA that hit its current barrier first goes first. Shared by the SAWS issue arbiter
// and the CFF fetch arbiter's saws modes so that both rank CTAs by one rule.
//
// A CTA slot is waiting while its WPT count is non-zero (some warp has arrived at the barrier);
// its count going 0 -> non-zero is its first hit, going back to 0 its release. The order:
//   1. waiting CTAs before CTAs that are not waiting;
//   2. among waiting CTAs, the earlier first hit first: a CTA that was already waiting in the
//      previous cycle ranks before one whose first hit is this cycle, and two CTAs that were
//      both waiting keep the order recorded for them;
//   3. otherwise (same-cycle first hits, or neither waiting) the smaller CTA slot, as MWF's ties.
// The hardware keeps one bit per pair of slots (i < j: i ranks before j), written every cycle
// with this cycle's order: S(S-1)/2 flip-flops (28 for 8 slots). No "was waiting" bit is
// needed: a pair in which only one slot waited was recorded with the waiting one first, which is
// the right order when the other one hits now; a pair in which neither waited was recorded
// smaller slot first, the right order for two first hits in one cycle. So this cycle's order of
// two waiting slots is simply the recorded bit. The WPT shows a release as a zero count for at
// least one cycle (a release and an arrival in the same cycle leave 0), which is what lets a
// re-arrival count as a new first hit.
#pragma once

#include <array>
#include <cstdint>

namespace wf::blocks {

class FirstHitOrder {
 public:
  static constexpr unsigned kMaxCtas = 32;

  explicit FirstHitOrder(unsigned num_cta_slots) : n_(num_cta_slots) { reset(); }

  void reset() { before_q_.fill(~std::uint32_t{0}); }  // the idle order: smaller slot first

  // Bit c: slot c waits at a barrier this cycle.
  template <class Counts>
  std::uint32_t waiting(const Counts& count) const {
    std::uint32_t w = 0;
    for (unsigned c = 0; c < n_; ++c)
      if (count[c] != 0) w |= std::uint32_t{1} << c;
    return w;
  }

  // Whether slot i ranks before slot j (i != j) this cycle, given waiting(count).
  bool earlier(unsigned i, unsigned j, std::uint32_t now) const {
    if (i > j) return !earlier(j, i, now);
    const bool wi = (now >> i) & 1, wj = (now >> j) & 1;
    if (wi != wj) return wi;
    if (!wi) return true;
    return (before_q_[i] >> j) & 1;
  }

  // The first CTA among `has_candidate` (bit c: slot c has a warp that could be picked): the one
  // that ranks before every other candidate. -1 when there is none.
  template <class Counts>
  int first_cta(std::uint32_t has_candidate, const Counts& count) const {
    const std::uint32_t now = waiting(count);
    for (unsigned c = 0; c < n_; ++c) {
      if (!((has_candidate >> c) & 1)) continue;
      bool first = true;
      for (unsigned j = 0; j < n_ && first; ++j) {
        if (j != c && ((has_candidate >> j) & 1)) first = earlier(c, j, now);
      }
      if (first) return static_cast<int>(c);
    }
    return -1;
  }

  // The clock edge: records this cycle's order.
  template <class Counts>
  void tick(const Counts& count) {
    const std::uint32_t now = waiting(count);
    std::array<std::uint32_t, kMaxCtas> next{};
    for (unsigned i = 0; i < n_; ++i)
      for (unsigned j = i + 1; j < n_; ++j)
        if (earlier(i, j, now)) next[i] |= std::uint32_t{1} << j;
    before_q_ = next;
  }

 private:
  unsigned n_;
  std::array<std::uint32_t, kMaxCtas> before_q_;  // row i, bit j > i: i hit before j
};

}  // namespace wf::blocks
