// One direction of the crossbar between SMs and L2 sub-partitions: every source has a bounded
// queue, every destination a bounded buffer. Each cycle a destination accepts at most one
// packet, and a packet holds its source and destination ports for one cycle per flit, so wide
// packets (read replies, stores) cost bandwidth. A buffer slot is claimed when the packet is
// granted, which is what back-pressures the sources. A source sends its oldest packet whose
// destination is free (virtual output queues): with a plain FIFO, head-of-line blocking
// would cap the reply direction well below the DRAM bandwidth. Packets to one destination stay
// in order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "sim_model/mem/memory_system.h"
#include "sim_model/mem/ring.h"

namespace wf::mem {

struct Packet {
  LineRequest req;          // responses reuse it: id, sm, kind
  std::uint64_t sent = 0;   // memory-system cycle the SM sent the request
  std::uint64_t ready = 0;  // cycle it may leave the destination buffer
  std::uint32_t dest = 0;   // destination port
  std::uint32_t flits = 1;
};

class Crossbar {
 public:
  Crossbar(unsigned sources, unsigned dests, unsigned source_capacity, unsigned dest_capacity,
           unsigned latency);

  bool can_push(unsigned src) const { return sources_[src].size() < source_capacity_; }
  void push(unsigned src, const Packet& p) { add(src) = p; }
  // A new packet at the back of src's buffer, for the caller to fill in place.
  Packet& add(unsigned src) {
    waiting_[src / 64] |= std::uint64_t{1} << (src % 64);
    retry_at_[src] = 0;
    next_offer_ = 0;
    ++queued_;
    return sources_[src].emplace_back();
  }

  static constexpr std::uint64_t kNever = ~std::uint64_t{0};

  bool has_ready(unsigned dest, std::uint64_t now) const { return front_ready_[dest] <= now; }
  // The cycle the oldest packet in dest's buffer may leave it; kNever when the buffer is empty.
  std::uint64_t front_ready(unsigned dest) const { return front_ready_[dest]; }
  const Packet& front(unsigned dest) const { return dests_[dest].front(); }
  // The earliest front_ready() a grant set since the last call (kNever if none): a buffer's
  // front changes only by a grant into it while empty, or by pop().
  std::uint64_t take_first_new_front() {
    const std::uint64_t t = first_new_front_;
    first_new_front_ = kNever;
    return t;
  }
  Packet pop(unsigned dest) {
    const Packet p = dests_[dest].pop();
    front_ready_[dest] = dests_[dest].empty() ? kNever : dests_[dest].front().ready;
    return p;
  }

  // Grants packets for cycle `now`. Returns how many destinations had a packet waiting for them
  // while their buffer was full (each counted once per cycle).
  unsigned tick(std::uint64_t now);

  bool sources_empty() const { return queued_ == 0; }
  // Reference mode (MemConfig::reference), before every tick: every waiting source offers.
  void forget_skips() {
    std::fill(retry_at_.begin(), retry_at_.end(), 0);
    next_offer_ = 0;
  }

 private:
  // Offers the oldest packet of source s whose destination can take it; true if one left.
  bool grant(unsigned s, std::uint64_t now, unsigned& refused);

  std::vector<std::vector<Packet>> sources_;  // oldest first; capacity reserved up front
  // Bit s: sources_[s] is not empty. A tick visits only these (most sources are idle most
  // cycles, and each visit would touch the queue's cache line).
  std::vector<std::uint64_t> waiting_;
  std::size_t source_capacity_;
  std::vector<Ring<Packet>> dests_;
  // dests_[d].front().ready or kNever, in one dense array: whether a destination has a packet
  // due is asked of every destination every cycle, and the rings' fronts are cache lines apart.
  std::vector<std::uint64_t> front_ready_;
  std::uint64_t first_new_front_ = kNever;
  std::vector<std::uint64_t> source_free_, dest_free_;  // cycle each port is free again
  // Source s offers nothing before retry_at_[s]: its last offer found its own port busy, or
  // every packet's destination port busy (and none full) until then. No packet can enter
  // those destinations before their ports free, so none fills up meanwhile and no refusal is
  // missed; a new packet clears it.
  std::vector<std::uint64_t> retry_at_;
  std::vector<std::uint64_t> dest_refused_;  // last cycle a full buffer refused
  unsigned latency_;
  unsigned start_ = 0;  // round-robin priority
  // No waiting source offers before this cycle (the least of their retry_at_, at least the
  // cycle after the last tick): ticks before it grant nothing and only move start_ on.
  std::uint64_t next_offer_ = 0;
  std::uint64_t queued_ = 0;
};

}  // namespace wf::mem
