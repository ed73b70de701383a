// Fixed-latency results in flight (ALU, SFU, shared memory, constant path): a timing wheel of
// register releases, so scheduling and retiring a result cost O(1) whatever the latency.
#pragma once

#include <array>
#include <cstdint>
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
  static constexpr std::uint64_t kSlots = 4096;  // longer than any fixed latency

  void schedule(std::uint64_t cycle, const RegisterRelease& r) {
    wheel_[cycle % kSlots].push_back(r);
    ++pending_;
  }
  // Hands every release due at `now` to f and forgets them.
  template <class F>
  void retire(std::uint64_t now, F&& f) {
    if (pending_ == 0) return;
    auto& slot = wheel_[now % kSlots];
    for (const auto& r : slot) f(r);
    pending_ -= slot.size();
    slot.clear();
  }
  bool empty() const { return pending_ == 0; }

 private:
  std::array<std::vector<RegisterRelease>, kSlots> wheel_;
  std::size_t pending_ = 0;
};

}  // namespace wf::sm
