// The contract between the SMs and the memory system below their L1 data caches: crossbar
// interconnect, L2 sub-partitions (with the atomics unit) and DRAM channels. Everything here
// is counted in core cycles; the DRAM clock runs inside at its own rate.
//
// An SM sends one request per 128-byte line (an L1 miss, a write-through store, an atomic) and
// gets exactly one response per read or atomic (stores are fire-and-forget: they consume
// bandwidth and occupancy but produce no response).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "sim_model/mem/byte_mask.h"

namespace wf {
struct Machine;
}

namespace wf::mem {

enum class RequestKind : std::uint8_t { kRead, kWrite, kAtomic };

struct LineRequest {
  std::uint64_t id = 0;     // unique per requester; echoed in the response
  std::uint32_t sm = 0;     // requesting SM
  std::uint64_t addr = 0;   // line address (aligned to the line size)
  std::uint32_t bytes = 0;  // bytes the request moves (stores, atomics) or needs (reads)
  RequestKind kind = RequestKind::kRead;
  std::uint64_t issue_cycle = 0;  // core cycle the SM sent it (for latency statistics)
  // Writes: the bytes of the line written (empty: the first `bytes`), which the L2 merges.
  ByteMask mask;
  // Atomics: the operations the request carries (one per lane, 0 counts as 1) and the most of
  // them on one address, which the L2's atomic unit performs one after another.
  std::uint8_t atomic_ops = 0, atomic_same = 0;
};

struct LineResponse {
  std::uint64_t id = 0;
  std::uint32_t sm = 0;
};

// Counters a run reports (stats JSON/CSV); names are stable.
struct MemoryStats {
  std::uint64_t l2_accesses = 0, l2_hits = 0;
  std::uint64_t dram_reads = 0, dram_writes = 0;
  std::uint64_t dram_row_hits = 0, dram_row_misses = 0;
  std::uint64_t dram_queue_full_cycles = 0;  // a DRAM request queue refused a request
  // Sub-partition cycles in which a reply was ready at the L2 but the reply network could not
  // take it (GPGPU-Sim's gpu_stall_icnt2sh, BLOCKLAT's interconnect stall).
  std::uint64_t icnt_to_sm_stall_cycles = 0;
  std::uint64_t round_trip_cycles = 0;  // summed over responses
  std::uint64_t responses = 0;
  std::uint64_t atomics = 0;
  // Added by the memory system's implementation (sim_model/mem).
  std::uint64_t l2_mshr_merges = 0;     // L2 misses to a line already being fetched
  std::uint64_t l2_writebacks = 0;      // dirty L2 evictions (also in dram_writes)
  std::uint64_t dram_data_cycles = 0;   // DRAM cycles some data bus carried data (all channels)
  std::uint64_t dram_cycles = 0;        // DRAM clock cycles elapsed
  std::uint64_t l2_partial_writes = 0;  // write misses kept as partial lines, nothing fetched
  std::uint64_t l2_partial_fills = 0;   // reads or atomics that fetched the rest of a partial line
  std::uint64_t l2_copied_lines = 0;    // lines host copies left in the L2 (host_wrote)
  std::uint64_t atomic_unit_busy_cycles = 0;   // summed over sub-partitions
  std::uint64_t atomic_unit_stall_cycles = 0;  // an atomic waited for its sub-partition's unit
  // Counted by the row_buffer model only (row_buffer_dram.h); the reports print them for it.
  std::uint64_t dram_row_conflicts = 0;    // row misses that found another row open
  std::uint64_t dram_queue_cycles = 0;     // summed: arrival to the start at the bank
  std::uint64_t dram_bus_wait_cycles = 0;  // summed: data ready to the data bus granted

  double l2_hit_rate() const { return l2_accesses ? double(l2_hits) / l2_accesses : 0.0; }
  double dram_row_hit_rate() const {
    const auto n = dram_row_hits + dram_row_misses;
    return n ? double(dram_row_hits) / n : 0.0;
  }
  bool operator==(const MemoryStats&) const = default;
  double avg_round_trip() const { return responses ? double(round_trip_cycles) / responses : 0; }
};

class MemorySystem {
 public:
  // Performs an atomic functionally at the moment it reaches its L2 sub-partition, in arrival
  // order, so lock hand-offs happen at the simulated time they would in hardware.
  using AtomicHook = std::function<void(const LineRequest&)>;

  virtual ~MemorySystem() = default;

  // Back-pressure: false when the SM's injection buffer into the interconnect is full.
  virtual bool can_send(std::uint32_t sm) const = 0;
  virtual void send(const LineRequest& request) = 0;

  // Responses that reached the SM, oldest first; the SM takes at most one per cycle.
  virtual bool has_response(std::uint32_t sm) const = 0;
  virtual LineResponse take_response(std::uint32_t sm) = 0;
  // has_response(s) for every SM as bit s % 64 of word s / 64, valid as long as the memory
  // system; null where the implementation keeps no such array (ask has_response). The GPU asks
  // this of every sleeping SM every cycle.
  virtual const std::uint64_t* responses_ready() const { return nullptr; }

  // Advances one core cycle.
  virtual void tick() = 0;

  // Nothing in flight anywhere (the GPU may skip ahead).
  virtual bool idle() const = 0;

  virtual void set_atomic_hook(AtomicHook hook) = 0;
  virtual const MemoryStats& stats() const = 0;

  // A copy from the host (cudaMemcpy) wrote [addr, addr + bytes) while idle(), between launches.
  // Copies are not timed; a memory with a cache below the L1s may keep the lines the copy
  // passed through it (gddr: [l2] copies_allocate). Nothing by default.
  virtual void host_wrote(std::uint64_t addr, std::uint64_t bytes) {
    (void)addr;
    (void)bytes;
  }

  // Advances `cycles` core cycles while idle(); the same as that many tick() calls, but free.
  virtual void skip_idle(std::uint64_t cycles) {
    while (cycles-- > 0) tick();
  }
};

// The golden model's memory system for `machine`: its [memory] model, from the registry
// (memory_model.h; gddr is gpu_memory.h). `reference`: take no speed shortcuts
// (MemConfig::reference). The machine must have been checked (load_machine, check_machine).
std::unique_ptr<MemorySystem> make_memory_system(const Machine& machine, unsigned num_sms,
                                                 bool reference = false);

}  // namespace wf::mem
