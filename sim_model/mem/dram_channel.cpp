#include "sim_model/mem/dram_channel.h"

#include <algorithm>

namespace wf::mem {

DramChannel::DramChannel(const MemConfig& c, const AddressMap& map)
    : t_(c.dram),
      map_(map),
      capacity_(c.dram.queue),
      banks_(c.dram.banks),
      // A read leaves the queue at its column command and completes tCL + burst later; the bus
      // serialises them, so this many can be between the two.
      done_(c.dram.queue + c.dram.tCL + 1),
      line_cycles_(c.l2.line_bytes / c.dram.burst_bytes() * c.dram.burst_cycles()),
      reference_(c.reference) {
  queue_.reserve(capacity_);
}

void DramChannel::push(const DramRequest& r) {
  queue_.push_back(Entry{r, map_.bank(r.addr), map_.row(r.addr)});
  next_try_ = 0;  // the new request may be schedulable at once
  if (event_slot_) *event_slot_ = 0;
}

void DramChannel::schedule(std::uint64_t now) {
  if (try_column(now) || try_row_command(now)) return;
  if (!reference_) next_try_ = next_timing_limit(now);
}

std::uint64_t DramChannel::next_timing_limit(std::uint64_t now) const {
  std::uint64_t t = kNever;
  auto ahead = [&](std::uint64_t limit) {
    if (limit > now) t = std::min(t, limit);
  };
  if (bus_free_ > t_.tCL) ahead(bus_free_ - t_.tCL);  // try_column: now + tCL >= bus_free_
  if (any_act_) ahead(last_act_ + t_.tRRD);
  for (const Entry& e : queue_) {
    const Bank& b = banks_[e.bank];
    ahead(b.ready_col);
    ahead(b.ready_pre);
    ahead(b.ready_act);
  }
  return t;
}

bool DramChannel::try_column(std::uint64_t now) {
  // The data of a column command issued now starts after tCL; it must not overlap the bus.
  if (now + t_.tCL < bus_free_) return false;
  for (std::size_t i = 0; i < queue_.size(); ++i) {
    const Entry& e = queue_[i];
    Bank& b = banks_[e.bank];
    if (!b.open || b.row != e.row || now < b.ready_col) continue;
    const std::uint64_t start = now + t_.tCL;
    const unsigned cycles = e.req.bursts ? e.req.bursts * t_.burst_cycles() : line_cycles_;
    bus_free_ = start + cycles;
    stats_.data_cycles += cycles;
    b.ready_pre = std::max(b.ready_pre, bus_free_);
    (b.accessed ? stats_.row_hits : stats_.row_misses) += 1;
    b.accessed = true;
    if (e.req.write) {
      ++stats_.writes;
      ++finished_writes_;
    } else {
      ++stats_.reads;
      done_.push(DramCompletion{bus_free_, e.req.sub, e.req.tag});
    }
    queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(i));
    return true;
  }
  return false;
}

bool DramChannel::try_row_command(std::uint64_t now) {
  // Banks whose open row some queued request still wants: FR-FCFS keeps those rows open.
  std::uint64_t wanted = 0;
  for (const Entry& e : queue_) {
    const Bank& b = banks_[e.bank];
    if (b.open && b.row == e.row) wanted |= 1ull << e.bank;
  }
  const bool rrd_ok = !any_act_ || now >= last_act_ + t_.tRRD;
  for (const Entry& e : queue_) {
    Bank& b = banks_[e.bank];
    if (b.open) {
      if (b.row == e.row || (wanted >> e.bank & 1) || now < b.ready_pre) continue;
      b.open = false;
      b.ready_act = std::max(b.ready_act, now + t_.tRP);
      ++stats_.precharges;
      return true;
    }
    if (!rrd_ok || now < b.ready_act) continue;
    b.open = true;
    b.accessed = false;
    b.row = e.row;
    b.ready_col = now + t_.tRCD;
    b.ready_pre = now + t_.tRAS;
    b.ready_act = now + t_.tRC;
    last_act_ = now;
    any_act_ = true;
    ++stats_.activates;
    return true;
  }
  return false;
}

}  // namespace wf::mem
