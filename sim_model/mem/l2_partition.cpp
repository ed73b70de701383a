#include "sim_model/mem/l2_partition.h"

#include <algorithm>

namespace wf::mem {
namespace {

// Atomic hits whose replies wait for the unit (or the crossbar); a full ring holds the next
// atomic at the head of the ROP queue.
constexpr unsigned kAtomicReplies = 4;

}  // namespace

L2Partition::L2Partition(const MemConfig& c, const AddressMap& map, unsigned id, Crossbar& requests,
                         Crossbar& replies, DramChannel& dram, MemShared& shared)
    : c_(c),
      map_(map),
      id_(id),
      requests_(requests),
      replies_(replies),
      dram_(dram),
      shared_(shared),
      tags_(c.l2.sets, c.l2.ways),
      mshrs_(c.l2.mshr_entries),
      waiting_(std::size_t{c.l2.mshr_entries} * c.l2.mshr_max_merge),
      rop_(c.l2.rop_latency + 1),
      fills_(c.l2.mshr_entries),
      draining_(c.l2.mshr_entries),
      masks_(std::size_t{c.l2.sets} * c.l2.ways),
      atomic_replies_(kAtomicReplies) {
  for (unsigned i = c.l2.mshr_entries; i-- > 0;) free_mshrs_.push_back(i);
}

void L2Partition::tick(std::uint64_t now) {
  reply_blocked_ = false;
  if (!fills_.empty() && fills_.front().ready <= now) {
    const Fill f = fills_.pop();
    Mshr& m = mshrs_[f.tag];
    const int way = tags_.find(map_.local_chunk(m.line), m.line);
    tags_.set_state(way, TagArray::State::kValid);
    tags_.set_dirty(way, m.dirty_on_fill);
    draining_.push(f.tag);
  }
  if (!draining_.empty()) {
    const std::uint32_t tag = draining_.front();
    Mshr& m = mshrs_[tag];
    if (reply(waiting_[tag * c_.l2.mshr_max_merge + m.next], now) && ++m.next == m.waiters) {
      m.valid = false;
      free_mshrs_.push_back(tag);
      draining_.pop();
    }
  }
  if (!atomic_replies_.empty() && atomic_replies_.front().ready <= now &&
      reply(atomic_replies_.front(), now)) {
    atomic_replies_.pop();
  }
  if (!rop_.empty() && rop_.front().ready <= now && access(rop_.front(), now)) rop_.pop();
  if (!rop_.full() && requests_.has_ready(id_, now)) {
    // Copied as it arrived, then completed in place (see Crossbar::grant).
    Packet& p = rop_.push(requests_.front(id_));
    requests_.pop(id_);
    p.ready = now + c_.l2.rop_latency;
  }
  if (reply_blocked_) ++shared_.stats.icnt_to_sm_stall_cycles;
}

void L2Partition::copied(std::uint64_t line, const ByteMask& mask) {
  const std::uint64_t index = map_.local_chunk(line);
  const unsigned line_bytes = c_.l2.line_bytes;
  int way = tags_.find(index, line);
  if (way == TagArray::kNone) {
    way = tags_.victim(index);  // never kNone: nothing is reserved between launches
    tags_.install(way, line, TagArray::State::kPartial, false);
    masks_[way] = ByteMask{};
  }
  tags_.touch(way);
  if (tags_.state(way) == TagArray::State::kPartial) {
    masks_[way] |= mask;
    if (masks_[way].full(line_bytes)) tags_.set_state(way, TagArray::State::kValid);
  }
  ++shared_.stats.l2_copied_lines;
}

bool L2Partition::access(const Packet& p, std::uint64_t now) {
  return p.req.kind == RequestKind::kWrite ? write(p, now) : read_or_atomic(p, now);
}

bool L2Partition::read_or_atomic(const Packet& p, std::uint64_t now) {
  const std::uint64_t line = p.req.addr;
  const std::uint64_t index = map_.local_chunk(line);
  const bool atomic = p.req.kind == RequestKind::kAtomic;
  const int way = tags_.find(index, line);
  const TagArray::State state =
      way == TagArray::kNone ? TagArray::State::kInvalid : tags_.state(way);
  if (state == TagArray::State::kValid) {
    if (atomic) {
      if (atomic_replies_.full() || !take_atomic_unit(p, now)) return false;
      tags_.set_dirty(way, true);
      perform_atomic(p);
      Packet& r = atomic_replies_.push(p);
      r.ready = atomic_free_;
    } else if (!reply(p, now)) {
      return false;
    }
    tags_.touch(way);
    ++shared_.stats.l2_accesses;
    ++shared_.stats.l2_hits;
    return true;
  }
  if (state == TagArray::State::kReserved) {  // a miss to this line is already out
    const auto tag = static_cast<unsigned>(find_mshr(line));
    Mshr& m = mshrs_[tag];
    if (m.waiters == c_.l2.mshr_max_merge) return false;
    if (atomic && !take_atomic_unit(p, now)) return false;
    waiting_[tag * c_.l2.mshr_max_merge + m.waiters++] = p;
    if (atomic) {
      m.dirty_on_fill = true;
      perform_atomic(p);
    }
    ++shared_.stats.l2_accesses;
    ++shared_.stats.l2_mshr_merges;
    return true;
  }
  if (free_mshrs_.empty()) return false;
  if (state == TagArray::State::kPartial) {
    // Fetch the rest of a partially written line; the fill keeps the written bytes (dirty).
    if (!dram_room(1, now)) return false;
    if (atomic && !take_atomic_unit(p, now)) return false;
    tags_.touch(way);
    fetch(p, line, way, tags_.dirty(way));
    ++shared_.stats.l2_partial_fills;
    return true;
  }
  const int victim = tags_.victim(index);
  if (victim == TagArray::kNone) return false;
  const TagArray::State vs = tags_.state(victim);
  const bool writeback = vs != TagArray::State::kInvalid && tags_.dirty(victim);
  if (!dram_room(writeback ? 2 : 1, now)) return false;
  if (atomic && !take_atomic_unit(p, now)) return false;
  if (writeback) evict(victim);
  tags_.install(victim, line, TagArray::State::kReserved, false);
  fetch(p, line, victim, atomic);
  return true;
}

void L2Partition::fetch(const Packet& p, std::uint64_t line, int way, bool dirty_on_fill) {
  const bool atomic = p.req.kind == RequestKind::kAtomic;
  tags_.set_state(way, TagArray::State::kReserved);
  const std::uint32_t tag = free_mshrs_.back();
  free_mshrs_.pop_back();
  Mshr& m = mshrs_[tag];
  m = Mshr{line, true, dirty_on_fill || atomic, 1, 0};
  waiting_[tag * c_.l2.mshr_max_merge] = p;
  if (atomic) perform_atomic(p);
  dram_.push(DramRequest{map_.dram_addr(line), id_, tag, false, 0});
  ++shared_.stats.l2_accesses;
  ++shared_.stats.dram_reads;
}

bool L2Partition::write(const Packet& p, std::uint64_t now) {
  const std::uint64_t line = p.req.addr;
  const std::uint64_t index = map_.local_chunk(line);
  const unsigned line_bytes = c_.l2.line_bytes;
  int way = tags_.find(index, line);
  if (way != TagArray::kNone) {
    switch (tags_.state(way)) {
      case TagArray::State::kPartial:
        masks_[way] |= p.req.mask;
        if (masks_[way].full(line_bytes)) tags_.set_state(way, TagArray::State::kValid);
        [[fallthrough]];
      case TagArray::State::kValid:
        tags_.touch(way);
        tags_.set_dirty(way, true);
        ++shared_.stats.l2_hits;
        break;
      default:  // reserved: the fill will carry the new bytes
        mshrs_[find_mshr(line)].dirty_on_fill = true;
    }
    ++shared_.stats.l2_accesses;
    --shared_.inflight;
    return true;
  }
  // A miss allocates the line with the bytes written and fetches nothing.
  way = tags_.victim(index);
  if (way == TagArray::kNone) return false;
  const bool writeback = tags_.state(way) != TagArray::State::kInvalid && tags_.dirty(way);
  if (writeback && !dram_room(1, now)) return false;
  if (writeback) evict(way);
  const bool whole = p.req.mask.full(line_bytes);
  tags_.install(way, line, whole ? TagArray::State::kValid : TagArray::State::kPartial, true);
  masks_[way] = p.req.mask;
  if (!whole) ++shared_.stats.l2_partial_writes;
  ++shared_.stats.l2_accesses;
  --shared_.inflight;
  return true;
}

bool L2Partition::dram_room(unsigned n, std::uint64_t now) {
  if (dram_.can_accept(n)) return true;
  dram_.note_refused(now);
  return false;
}

void L2Partition::evict(int way) {
  // A partial line writes the bursts its bytes touch (GDDR5 masks the bytes within a burst).
  unsigned bursts = 0;
  if (tags_.state(way) == TagArray::State::kPartial) {
    const unsigned g = ByteMask::granule(c_.l2.line_bytes);
    const unsigned per_burst = std::max(1u, c_.dram.burst_bytes() / g);
    for (unsigned lo = 0; lo < ByteMask::granules(c_.l2.line_bytes); lo += per_burst)
      bursts += masks_[way].any_in(lo, lo + per_burst) ? 1 : 0;
  }
  dram_.push(
      DramRequest{map_.dram_addr(tags_.tag(way)), id_, 0, true, static_cast<std::uint8_t>(bursts)});
  ++shared_.inflight;
  ++shared_.stats.dram_writes;
  ++shared_.stats.l2_writebacks;
}

bool L2Partition::reply(const Packet& p, std::uint64_t now) {
  if (!replies_.can_push(id_)) {
    reply_blocked_ = true;
    return false;
  }
  Packet& r = replies_.add(id_);  // filled in place (see Crossbar::grant)
  r = p;
  r.dest = p.req.sm;
  r.flits = c_.flits(p.req.kind == RequestKind::kRead ? c_.l2.line_bytes : p.req.bytes);
  r.ready = now;
  return true;
}

bool L2Partition::take_atomic_unit(const Packet& p, std::uint64_t now) {
  if (now < atomic_free_) {
    ++shared_.stats.atomic_unit_stall_cycles;
    return false;
  }
  const unsigned ops = std::max<unsigned>(1, p.req.atomic_ops);
  const unsigned same = std::max<unsigned>(1, p.req.atomic_same);
  const std::uint64_t busy =
      std::max<std::uint64_t>((ops + c_.l2.atomic_ops_per_cycle - 1) / c_.l2.atomic_ops_per_cycle,
                              std::uint64_t{same} * c_.l2.atomic_same_address_cycles);
  atomic_free_ = now + busy;
  shared_.stats.atomic_unit_busy_cycles += busy;
  return true;
}

void L2Partition::perform_atomic(const Packet& p) {
  ++shared_.stats.atomics;
  if (shared_.hook) shared_.hook(p.req);
}

int L2Partition::find_mshr(std::uint64_t line) const {
  for (std::size_t i = 0; i < mshrs_.size(); ++i) {
    if (mshrs_[i].valid && mshrs_[i].line == line) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace wf::mem
