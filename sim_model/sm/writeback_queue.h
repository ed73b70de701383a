// Fixed-latency results in flight (ALU, SFU, shared memory, constant path): a timing wheel of
// register releases, so scheduling and retiring a result cost O(1) whatever the latency.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace wf::sm {

struct RegisterRelease {
  std::uint32_t warp = 0;               // hardware warp slot
  std::uint32_t generation = 0;         // of the slot when issued; stale releases are dropped
  std::array<std::uint32_t, 5> regs{};  // warp-absolute register ids
  std::uint8_t count = 0;
};

class WritebackQueue {
 public:
  // `longest_latency`: no release is scheduled further ahead than this. The wheel is the
  // smallest power of two beyond it, so that the slots the SM cycles through stay in the
  // host's cache.
  explicit WritebackQueue(unsigned longest_latency)
      : wheel_(std::bit_ceil(std::uint64_t{longest_latency} + 1)),
        mask_(wheel_.size() - 1),
        occupied_((wheel_.size() + 63) / 64) {}

  void schedule(std::uint64_t cycle, const RegisterRelease& r) {
    // Further ahead than the wheel would alias onto an earlier cycle and release early.
    if (cycle <= now_ || cycle - now_ > mask_)
      throw std::logic_error("writeback scheduled outside the wheel's latency window");
    const std::uint64_t i = cycle & mask_;
    wheel_[i].push_back(r);
    occupied_[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  // Hands every release due at `now` to f and forgets them.
  template <class F>
  void retire(std::uint64_t now, F&& f) {
    now_ = now;
    const std::uint64_t i = now & mask_;
    std::uint64_t& word = occupied_[i / 64];
    const std::uint64_t bit = std::uint64_t{1} << (i % 64);
    // The bitmap (one cache line for gtx480) answers most cycles without touching the slot.
    if (!(word & bit)) return;
    word &= ~bit;
    auto& slot = wheel_[i];
    for (const auto& r : slot) f(r);
    slot.clear();
  }
  bool empty() const {
    for (std::uint64_t w : occupied_)
      if (w) return false;
    return true;
  }

 private:
  std::vector<std::vector<RegisterRelease>> wheel_;
  std::uint64_t mask_;
  std::vector<std::uint64_t> occupied_;  // bit i: wheel_[i] is not empty
  std::uint64_t now_ = 0;  // the cycle last retired: every SM cycle retires before scheduling
};

}  // namespace wf::sm
