// Fixed-latency stand-in L1 data cache (the default is sim_model/mem's): set associative LRU for
// loads, misses merged per line (MSHRs) and sent to the memory system one per cycle, stores
// write-through and evicting (Fermi's write-evict policy), atomics passed through uncached.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <queue>
#include <unordered_map>
#include <vector>

#include "sim_model/mem/memory_system.h"
#include "sim_model/sm/l1_data_port.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm {

class SimpleL1 final : public L1DataPort {
 public:
  SimpleL1(const TimingConfig& c, mem::MemorySystem& memory, std::uint32_t sm);

  bool can_accept(unsigned lines) const override;
  unsigned access(std::uint64_t token, std::uint32_t warp, mem::RequestKind kind,
                  const ptx::MemAccess& m, std::uint64_t now) override;
  bool cycle(std::uint64_t now) override;
  bool pop_completion(std::uint64_t& token) override;
  bool fetch_instruction(std::uint64_t line_addr, std::uint64_t now) override;
  bool quiet() const override { return hits_.empty() && outbox_.empty(); }
  const L1Stats& stats() const override { return stats_; }
  bool atomic_token(std::uint64_t request_id, std::uint64_t& token) const override;

 private:
  struct Way {
    std::uint64_t tag = ~0ull;
    std::uint64_t last_use = 0;
  };
  bool lookup(std::uint64_t line, std::uint64_t now);
  void fill(std::uint64_t line, std::uint64_t now);
  void invalidate(std::uint64_t line);
  void line_done(std::uint64_t token);
  void exchange(std::uint64_t now);

  const TimingConfig& c_;
  mem::MemorySystem& memory_;
  std::uint32_t sm_;
  std::vector<Way> ways_;
  // Hits finish after the hit latency, in order (one pipeline).
  std::queue<std::pair<std::uint64_t, std::uint64_t>> hits_;  // (cycle, token)
  std::deque<mem::LineRequest> outbox_;
  std::map<std::uint64_t, std::vector<std::uint64_t>> mshr_;  // line -> waiting tokens
  // In-flight request id -> (is_atomic, line or token); an instruction read's value is its
  // completion, kInstructionFill | line.
  std::unordered_map<std::uint64_t, std::pair<bool, std::uint64_t>> in_flight_;
  std::unordered_map<std::uint64_t, unsigned> remaining_;  // token -> lines still missing
  std::vector<std::uint64_t> done_;
  std::size_t done_head_ = 0;
  std::uint64_t next_id_ = 1;
  L1Stats stats_;
};

}  // namespace wf::sm
