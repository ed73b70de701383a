// Stand-in for the memory system below the L1s (sim_model/mem/ is being written separately):
// every request is answered after a fixed latency, the L2 minimum for a line seen before and
// the DRAM minimum for its first touch (an infinite L2). No bandwidth limits, no queues: just
// enough to run the SM pipeline end to end behind the real mem::MemorySystem interface.
#pragma once

#include <queue>
#include <unordered_set>
#include <vector>

#include "sim_model/mem/memory_system.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm {

class FixedLatencyMemory final : public mem::MemorySystem {
 public:
  FixedLatencyMemory(const TimingConfig& c);

  bool can_send(std::uint32_t) const override { return true; }
  void send(const mem::LineRequest& request) override;
  bool has_response(std::uint32_t sm) const override { return !ready_[sm].empty(); }
  mem::LineResponse take_response(std::uint32_t sm) override;
  void tick() override;
  bool idle() const override { return in_flight_.empty() && pending_responses_ == 0; }
  void set_atomic_hook(AtomicHook hook) override { hook_ = std::move(hook); }
  const mem::MemoryStats& stats() const override { return stats_; }

 private:
  struct InFlight {
    std::uint64_t due;
    std::uint64_t seq;  // arrival order breaks ties, so runs are deterministic
    mem::LineRequest request;
    bool operator>(const InFlight& o) const { return due != o.due ? due > o.due : seq > o.seq; }
  };

  unsigned l2_latency_, dram_latency_;
  std::uint64_t now_ = 0, seq_ = 0;
  std::priority_queue<InFlight, std::vector<InFlight>, std::greater<>> in_flight_;
  std::vector<std::queue<mem::LineResponse>> ready_;
  std::size_t pending_responses_ = 0;
  std::unordered_set<std::uint64_t> touched_;
  AtomicHook hook_;
  mem::MemoryStats stats_;
};

}  // namespace wf::sm
