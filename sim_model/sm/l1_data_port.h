// What the SM's load/store unit needs from its L1 data cache. The LD/ST unit hands a warp's
// global accesses over as one access; the cache coalesces them into line requests and answers
// when every line of a load or atomic is back. The timing GPU plugs the memory system's L1D
// (sim_model/mem/l1d.h) in behind it by default; SimpleL1 is the fixed-latency stand-in that
// pipeline tests use for exact cycle counts.
#pragma once

#include <cstdint>

#include "sim_model/mem/memory_system.h"
#include "sim_model/ptx/step_record.h"

namespace wf::sm {

struct L1Stats {
  std::uint64_t accesses = 0, hits = 0;  // line accesses of loads (stores and atomics bypass)
  std::uint64_t stores = 0, atomics = 0;
  std::uint64_t mshr_merges = 0;
  std::uint64_t stall_cycles = 0;  // a line could not be looked up (MSHRs, miss queue full)
  // stall_cycles by what refused the line: no free MSHR, a full miss queue, an MSHR that
  // merged all it can (the reservation failures GPGPU-Sim counts).
  std::uint64_t mshr_full_cycles = 0, miss_queue_full_cycles = 0, merge_full_cycles = 0;
};

class L1DataPort {
 public:
  virtual ~L1DataPort() = default;

  // False when the cache cannot take an access of `lines` line requests this cycle.
  virtual bool can_accept(unsigned lines) const = 0;
  // One warp instruction: `m` its per-lane addresses, `warp` its warp slot. Returns the number
  // of line requests it coalesced into, the cycles it holds the LD/ST unit. Loads and atomics
  // complete with `token` once every line is back; stores need no completion (write-through,
  // no response).
  virtual unsigned access(std::uint64_t token, std::uint32_t warp, mem::RequestKind kind,
                          const ptx::MemAccess& m, std::uint64_t now) = 0;
  // One cycle of exchange with the memory system (send, take a response, finish hits). Returns
  // whether pop_completion() has a token this cycle (most cycles it has none, and the LD/ST
  // unit then skips asking).
  virtual bool cycle(std::uint64_t now) = 0;
  // Tokens whose data arrived, one per call; false when none is left this cycle.
  virtual bool pop_completion(std::uint64_t& token) = 0;
  // An instruction-cache miss ([l1i] from_memory): reads the line at `line_addr` through this
  // port's way to the memory system, beside the data misses (Fermi's SM has one path to the
  // L2). Returns false, taking nothing, when the port cannot queue a request this cycle. The
  // line comes back as the completion kInstructionFill | line_addr.
  virtual bool fetch_instruction(std::uint64_t line_addr, std::uint64_t now) = 0;
  static constexpr std::uint64_t kInstructionFill = std::uint64_t{1} << 63;
  // Nothing pending that completes by the passage of time alone (hits in the pipeline, queued
  // sends); outstanding misses may remain, they complete with a memory response.
  virtual bool quiet() const = 0;
  // The instruction token of an atomic's line request (its LineRequest::id, as the memory
  // system's atomic hook sees it); false when `request_id` is not one of this cache's atomics.
  virtual bool atomic_token(std::uint64_t request_id, std::uint64_t& token) const = 0;
  virtual const L1Stats& stats() const = 0;

  // Where the memory system flags a reply waiting for this cache (null `word`: nowhere). A
  // quiet port's cycle() acts only on such a reply, so without one the LD/ST unit need not
  // call it, nor touch the cache at all.
  struct ReplyFlag {
    const std::uint64_t* word = nullptr;
    std::uint64_t bit = 0;
  };
  virtual ReplyFlag reply_flag() const { return {}; }
};

}  // namespace wf::sm
