// One L2 sub-partition: takes requests from the crossbar, delays them by the ROP latency, looks
// them up in its slice of the L2 (one access per cycle), sends misses and dirty evictions to
// its DRAM channel and replies through the crossbar.
//
// Write-back with byte masks (GPGPU-Sim 4.0's GTX480 L2 policy, with bytes where it has
// sectors): a write that misses allocates its line with only the bytes written valid (a
// partial line, dirty) and fetches nothing, so partial stores to one line merge in the L2; a
// read or an atomic that finds a partial line fetches it and merges the fill under the written
// bytes; a partial line is written back as the DRAM bursts its bytes touch.
//
// Atomics are performed here by the sub-partition's atomic unit: the hook runs when the atomic
// passes the tag lookup, so atomics to one sub-partition take effect in arrival order. The unit
// is busy max(ceil(ops / [l2] atomic_ops_per_cycle), most ops on one address ×
// [l2] atomic_same_address_cycles) cycles per request; an atomic that finds it busy waits at
// the head of the ROP queue, and a hit's reply leaves when the unit is done with it (after the
// fill on a miss).
//
// The reply network's back-pressure: a reply that cannot enter the crossbar (the
// sub-partition's output queue full) holds the L2 (a hit at the head of the ROP queue, a filled
// line's waiters, an atomic's delayed reply), and each such sub-partition cycle counts in
// MemoryStats::icnt_to_sm_stall_cycles.
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/mem/address_map.h"
#include "sim_model/mem/crossbar.h"
#include "sim_model/mem/dram_channel.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/mem/memory_system.h"
#include "sim_model/mem/ring.h"
#include "sim_model/mem/tag_array.h"

namespace wf::mem {

// What every part of the memory system updates.
struct MemShared {
  MemoryStats stats;
  std::uint64_t inflight = 0;  // requests (and write-backs) not finished yet
  MemorySystem::AtomicHook hook;
};

class L2Partition {
 public:
  L2Partition(const MemConfig& c, const AddressMap& map, unsigned id, Crossbar& requests,
              Crossbar& replies, DramChannel& dram, MemShared& shared);

  // A DRAM read for MSHR `tag` is back; it fills the line at core cycle `ready`.
  void fill(std::uint32_t tag, std::uint64_t ready) { fills_.push(Fill{ready, tag}); }

  void tick(std::uint64_t now);
  // A host copy wrote `mask` of `line` through the L2 (GpuMemory::host_wrote): the line stays,
  // clean (the copy wrote DRAM too, as GPGPU-Sim's -gpgpu_perf_sim_memcpy models it), partial
  // if the copy covered part of it. Untimed: a victim's write-back is the copy's, not counted.
  void copied(std::uint64_t line, const ByteMask& mask);
  // The first cycle tick() may do anything, as far as the partition's own queues go: a tick
  // before it, and before the request crossbar's front_ready(id) or a fill() that comes
  // sooner, changes nothing. Read after every tick() and fill().
  std::uint64_t next_work() const {
    if (!draining_.empty()) return 0;  // retried every cycle while the reply crossbar is full
    std::uint64_t t = Crossbar::kNever;
    if (!fills_.empty()) t = fills_.front().ready;
    if (!atomic_replies_.empty() && atomic_replies_.front().ready < t)
      t = atomic_replies_.front().ready;
    if (!rop_.empty() && rop_.front().ready < t) t = rop_.front().ready;
    return t;
  }

 private:
  struct Mshr {
    std::uint64_t line = 0;
    bool valid = false;
    bool dirty_on_fill = false;  // a write or atomic merged in
    unsigned waiters = 0, next = 0;
  };
  struct Fill {
    std::uint64_t ready = 0;
    std::uint32_t tag = 0;
  };

  // Each returns false when the request must wait (the head of the ROP queue stays).
  bool access(const Packet& p, std::uint64_t now);
  bool read_or_atomic(const Packet& p, std::uint64_t now);
  bool write(const Packet& p, std::uint64_t now);
  bool dram_room(unsigned n, std::uint64_t now);
  void evict(int way);
  // Sends a miss for `line` (at `way`, now reserved) to DRAM with `p` its first waiter.
  void fetch(const Packet& p, std::uint64_t line, int way, bool dirty_on_fill);
  bool reply(const Packet& p, std::uint64_t now);
  // False while the atomic unit is busy; else takes it for the request's operations.
  bool take_atomic_unit(const Packet& p, std::uint64_t now);
  void perform_atomic(const Packet& p);
  int find_mshr(std::uint64_t line) const;

  const MemConfig& c_;
  const AddressMap& map_;
  unsigned id_;
  Crossbar& requests_;
  Crossbar& replies_;
  DramChannel& dram_;
  MemShared& shared_;
  TagArray tags_;
  std::vector<Mshr> mshrs_;
  std::vector<Packet> waiting_;  // mshr_max_merge per MSHR
  std::vector<std::uint32_t> free_mshrs_;
  Ring<Packet> rop_;
  Ring<Fill> fills_;
  Ring<std::uint32_t> draining_;   // filled MSHRs replying to their waiters
  std::vector<ByteMask> masks_;    // per way: the bytes a partial line holds
  Ring<Packet> atomic_replies_;    // atomic hits' replies, each ready when the unit is done
  std::uint64_t atomic_free_ = 0;  // first cycle the atomic unit takes a new request
  bool reply_blocked_ = false;     // this tick a reply found the crossbar full
};

}  // namespace wf::mem
