// Fixed-latency results in flight (ALU, SFU, shared memory, constant path): a timing wheel of
// register releases, so scheduling and retiring a result cost O(1) whatever the latency.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace wf::sm {

struct RegisterRelease {
  std::uint8_t warp = 0;  // hardware warp slot (the blocks' limit is 64)
  std::uint8_t count = 0;
  std::uint32_t generation = 0;         // of the slot when issued; stale releases are dropped
  std::array<std::uint32_t, 5> regs{};  // warp-absolute register ids
};
static_assert(sizeof(RegisterRelease) <= 28, "two releases no longer fit a wheel slot's line");

class WritebackQueue {
 public:
  // `longest_latency`: no release is scheduled further ahead than this. The wheel is the
  // smallest power of two beyond it, so that the slots the SM cycles through stay in the
  // host's cache.
  explicit WritebackQueue(unsigned longest_latency)
      : mask_(std::bit_ceil(std::uint64_t{longest_latency} + 1) - 1),
        wheel_(mask_ + 1),
        counts_(mask_ + 1),
        occupied_((wheel_.size() + 63) / 64) {}

  void schedule(std::uint64_t cycle, const RegisterRelease& r) { add(cycle) = r; }
  // A new release due at `cycle`, for the caller to fill in before the next call. Filled in
  // place, field by field: a release built elsewhere and copied in would be read back from
  // stores still in flight, which the host cannot forward and waits out.
  RegisterRelease& add(std::uint64_t cycle) {
    // Further ahead than the wheel would alias onto an earlier cycle and release early.
    if (cycle <= now_ || cycle - now_ > mask_)
      throw std::logic_error("writeback scheduled outside the wheel's latency window");
    const std::uint64_t i = cycle & mask_;
    occupied_[i / 64] |= std::uint64_t{1} << (i % 64);
    if (cycle < next_due_) next_due_ = cycle;
    // The count decides where the release goes; it is read from the dense counts_, so that
    // the slot itself is only written: its line, last used a wheel's turn ago, is then a store
    // the host need not wait for.
    const std::uint32_t n = counts_[i];
    counts_[i] = static_cast<std::uint8_t>(std::min<std::uint32_t>(n + 1, kOverflowed));
    if (n < kInline) return wheel_[i].releases[n];
    return overflow_.emplace_back(i, RegisterRelease{}).second;
  }
  // Asks the host to bring in the slot of `cycle` (a hint; no effect on the queue). A slot was
  // last used a wheel's turn ago, so by then other SMs have evicted it; scheduling into it
  // would wait for the line.
  void prefetch(std::uint64_t cycle) const { __builtin_prefetch(&wheel_[cycle & mask_], 1); }
  // Hands every release due at `now` to f and forgets them.
  template <class F>
  void retire(std::uint64_t now, F&& f) {
    now_ = now;
    // No slot from the last retire up to next_due_ holds anything, so most cycles end here,
    // on the queue's own cache line, without reading the bitmap.
    if (now < next_due_) return;
    const std::uint64_t i = now & mask_;
    std::uint64_t& word = occupied_[i / 64];
    const std::uint64_t bit = std::uint64_t{1} << (i % 64);
    if (word & bit) {
      word &= ~bit;
      const Slot& slot = wheel_[i];
      const std::uint32_t n = counts_[i];
      counts_[i] = 0;
      for (std::uint32_t k = 0; k < n && k < kInline; ++k) f(slot.releases[k]);
      if (n > kInline) {  // the rest, in the order they were scheduled
        for (const auto& [at, r] : overflow_)
          if (at == i) f(r);
        std::erase_if(overflow_, [i](const auto& o) { return o.first == i; });
      }
    }
    next_due_ = first_due_after(now);
  }
  // Reference mode (TimingConfig::reference): the next retire() looks at its cycle's slot
  // whatever next_due_ says.
  void forget_next_due() { next_due_ = 0; }
  bool empty() const {
    for (std::uint64_t w : occupied_)
      if (w) return false;
    return true;
  }

 private:
  static constexpr std::uint64_t kNever = ~std::uint64_t{0};

  // The first cycle after `now` whose slot holds releases (a slot a skipped cycle left behind
  // counts at its next turn, as it would be found then), or kNever.
  std::uint64_t first_due_after(std::uint64_t now) const {
    const std::uint64_t start = (now + 1) & mask_;
    std::uint64_t i = first_set(start, mask_ + 1);
    if (i != kNever) return now + 1 + (i - start);
    i = first_set(0, start);
    if (i != kNever) return now + 1 + (mask_ + 1 - start) + i;
    return kNever;
  }
  // The first occupied slot in [from, to), or kNever.
  std::uint64_t first_set(std::uint64_t from, std::uint64_t to) const {
    for (std::uint64_t w = from / 64; w * 64 < to; ++w) {
      std::uint64_t bits = occupied_[w];
      if (w == from / 64) bits &= ~std::uint64_t{0} << (from % 64);
      if (bits) {
        const std::uint64_t i = w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits));
        return i < to ? i : kNever;
      }
    }
    return kNever;
  }

  // One cache line per cycle: the releases most cycles have (one per scheduler at most issue
  // in a cycle), inline; more wait in overflow_.
  static constexpr std::uint32_t kInline = 2;
  static constexpr std::uint32_t kOverflowed = kInline + 1;  // and maybe more in overflow_
  struct alignas(64) Slot {
    std::array<RegisterRelease, kInline> releases;
  };

  std::uint64_t next_due_ = kNever;  // no slot before it holds anything
  std::uint64_t now_ = 0;  // the cycle last retired: every SM cycle retires before scheduling
  std::uint64_t mask_;
  std::vector<Slot> wheel_;
  std::vector<std::uint8_t> counts_;     // per slot: releases inline, kOverflowed if beyond them
  std::vector<std::uint64_t> occupied_;  // bit i: wheel_[i] is not empty
  std::vector<std::pair<std::uint64_t, RegisterRelease>> overflow_;  // (slot, release)
};

}  // namespace wf::sm
