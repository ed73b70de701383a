#include "sim_model/mem/l2_partition.h"

namespace wf::mem {

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
      draining_(c.l2.mshr_entries) {
  for (unsigned i = c.l2.mshr_entries; i-- > 0;) free_mshrs_.push_back(i);
}

void L2Partition::tick(std::uint64_t now) {
  if (!fills_.empty() && fills_.front().ready <= now) {
    const Fill f = fills_.pop();
    Mshr& m = mshrs_[f.tag];
    const int way = tags_.find(map_.local_chunk(m.line), m.line);
    tags_.set_state(way, TagArray::State::kValid);
    tags_.set_dirty(way, m.dirty_on_fill);
    draining_.push(f.tag);
  }
  if (!draining_.empty() && replies_.can_push(id_)) {
    const std::uint32_t tag = draining_.front();
    Mshr& m = mshrs_[tag];
    reply(waiting_[tag * c_.l2.mshr_max_merge + m.next], now);
    if (++m.next == m.waiters) {
      m.valid = false;
      free_mshrs_.push_back(tag);
      draining_.pop();
    }
  }
  if (!rop_.empty() && rop_.front().ready <= now && access(rop_.front(), now)) rop_.pop();
  if (!rop_.full() && requests_.has_ready(id_, now)) {
    // Copied as it arrived, then completed in place (see Crossbar::grant).
    Packet& p = rop_.push(requests_.front(id_));
    requests_.pop(id_);
    p.ready = now + c_.l2.rop_latency;
  }
}

bool L2Partition::access(const Packet& p, std::uint64_t now) {
  return p.req.kind == RequestKind::kWrite ? write(p, now) : read_or_atomic(p, now);
}

bool L2Partition::read_or_atomic(const Packet& p, std::uint64_t now) {
  const std::uint64_t line = p.req.addr;
  const std::uint64_t index = map_.local_chunk(line);
  const bool atomic = p.req.kind == RequestKind::kAtomic;
  const int way = tags_.find(index, line);
  if (way != TagArray::kNone && tags_.state(way) == TagArray::State::kValid) {
    if (!replies_.can_push(id_)) return false;
    tags_.touch(way);
    if (atomic) {
      tags_.set_dirty(way, true);
      perform_atomic(p);
    }
    ++shared_.stats.l2_accesses;
    ++shared_.stats.l2_hits;
    reply(p, now);
    return true;
  }
  if (way != TagArray::kNone) {  // reserved: a miss to this line is already out
    const auto tag = static_cast<unsigned>(find_mshr(line));
    Mshr& m = mshrs_[tag];
    if (m.waiters == c_.l2.mshr_max_merge) return false;
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
  const int victim = tags_.victim(index);
  if (victim == TagArray::kNone) return false;
  const bool writeback = tags_.state(victim) == TagArray::State::kValid && tags_.dirty(victim);
  if (!dram_room(writeback ? 2 : 1, now)) return false;
  if (writeback) evict(victim);
  tags_.install(victim, line, TagArray::State::kReserved, false);
  const std::uint32_t tag = free_mshrs_.back();
  free_mshrs_.pop_back();
  Mshr& m = mshrs_[tag];
  m = Mshr{line, true, atomic, 1, 0};
  waiting_[tag * c_.l2.mshr_max_merge] = p;
  if (atomic) perform_atomic(p);
  dram_.push(DramRequest{map_.dram_addr(line), id_, tag, false});
  ++shared_.stats.l2_accesses;
  ++shared_.stats.dram_reads;
  return true;
}

bool L2Partition::write(const Packet& p, std::uint64_t now) {
  const std::uint64_t line = p.req.addr;
  const std::uint64_t index = map_.local_chunk(line);
  const int way = tags_.find(index, line);
  if (way != TagArray::kNone) {
    if (tags_.state(way) == TagArray::State::kValid) {
      tags_.touch(way);
      tags_.set_dirty(way, true);
      ++shared_.stats.l2_hits;
    } else {
      mshrs_[find_mshr(line)].dirty_on_fill = true;  // the fill will carry the new bytes
    }
    ++shared_.stats.l2_accesses;
    --shared_.inflight;
    return true;
  }
  const int victim = p.req.bytes >= c_.l2.line_bytes ? tags_.victim(index) : TagArray::kNone;
  if (victim != TagArray::kNone) {
    // A whole-line write needs no fetch: allocate it dirty.
    const bool writeback = tags_.state(victim) == TagArray::State::kValid && tags_.dirty(victim);
    if (writeback && !dram_room(1, now)) return false;
    if (writeback) evict(victim);
    tags_.install(victim, line, TagArray::State::kValid, true);
    --shared_.inflight;
  } else {
    if (!dram_room(1, now)) return false;
    dram_.push(DramRequest{map_.dram_addr(line), id_, 0, true});
    ++shared_.stats.dram_writes;
  }
  ++shared_.stats.l2_accesses;
  return true;
}

bool L2Partition::dram_room(unsigned n, std::uint64_t now) {
  if (dram_.can_accept(n)) return true;
  dram_.note_refused(now);
  return false;
}

void L2Partition::evict(int way) {
  dram_.push(DramRequest{map_.dram_addr(tags_.tag(way)), id_, 0, true});
  ++shared_.inflight;
  ++shared_.stats.dram_writes;
  ++shared_.stats.l2_writebacks;
}

void L2Partition::reply(const Packet& p, std::uint64_t now) {
  Packet& r = replies_.add(id_);  // filled in place (see Crossbar::grant)
  r = p;
  r.dest = p.req.sm;
  r.flits = c_.flits(p.req.kind == RequestKind::kRead ? c_.l2.line_bytes : p.req.bytes);
  r.ready = now;
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
