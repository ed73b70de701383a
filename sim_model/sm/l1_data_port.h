// What the SM's load/store unit needs from its L1 data cache. The LD/ST unit coalesces a warp's
// global accesses into line requests and hands them over as one access; the port answers when
// every line of a load or atomic is back. SimpleL1 implements it until the memory team's L1D
// (sim_model/mem/) lands; the real one plugs in behind this interface.
#pragma once

#include <cstdint>

#include "sim_model/mem/memory_system.h"

namespace wf::sm {

struct L1Stats {
  std::uint64_t accesses = 0, hits = 0;  // line accesses of loads (stores and atomics bypass)
  std::uint64_t stores = 0, atomics = 0;
  std::uint64_t mshr_merges = 0;
};

class L1DataPort {
 public:
  virtual ~L1DataPort() = default;

  // False when the cache cannot take an access of `lines` line requests this cycle.
  virtual bool can_accept(unsigned lines) const = 0;
  // One warp instruction's line addresses (aligned, distinct). Loads and atomics complete with
  // `token` once every line is back; stores complete at once (write-through, no response).
  virtual void access(std::uint64_t token, mem::RequestKind kind, const std::uint64_t* lines,
                      unsigned n, std::uint64_t now) = 0;
  // One cycle of exchange with the memory system (send, take a response, finish hits).
  virtual void cycle(std::uint64_t now) = 0;
  // Tokens whose data arrived, one per call; false when none is left this cycle.
  virtual bool pop_completion(std::uint64_t& token) = 0;
  // Nothing pending that completes by the passage of time alone (hits in the pipeline, queued
  // sends); outstanding misses may remain, they complete with a memory response.
  virtual bool quiet() const = 0;
  virtual const L1Stats& stats() const = 0;
};

}  // namespace wf::sm
