#include "sim_model/mem/gpu_memory.h"

#include <algorithm>
#include <cassert>

namespace wf::mem {

GpuMemory::GpuMemory(const MemConfig& config, unsigned num_sms)
    : c_(config),
      map_(c_),
      requests_(num_sms, c_.subpartitions(), c_.icnt.input_buffer, c_.l2.input_queue,
                c_.icnt.latency),
      replies_(c_.subpartitions(), num_sms, c_.l2.output_queue, c_.icnt.output_buffer,
               c_.icnt.latency),
      sub_due_(c_.subpartitions(), Crossbar::kNever),
      ready_words_((num_sms + 63) / 64, 0),
      num_sms_(num_sms),
      reference_(c_.reference) {
  dram_due_.assign(c_.channels, DramChannel::kNever);
  for (unsigned ch = 0; ch < c_.channels; ++ch) {
    channels_.push_back(std::make_unique<DramChannel>(c_, map_));
    channels_.back()->set_event_slot(&dram_due_[ch]);
  }
  for (unsigned s = 0; s < c_.subpartitions(); ++s) {
    subs_.push_back(std::make_unique<L2Partition>(
        c_, map_, s, requests_, replies_, *channels_[s / c_.subpartitions_per_channel], shared_));
  }
  if (reference_) forget_skips();
}

void GpuMemory::send(const LineRequest& request) {
  assert(can_send(request.sm));
  Packet& p = requests_.add(request.sm);  // filled in place (see Crossbar::grant)
  p.req = request;
  p.req.addr &= ~std::uint64_t{c_.l2.line_bytes - 1};
  if (request.kind == RequestKind::kWrite && p.req.mask.empty())
    p.req.mask.set(0, std::clamp(request.bytes, 1u, c_.l2.line_bytes), c_.l2.line_bytes);
  p.sent = now_;
  p.dest = map_.subpartition(p.req.addr);
  p.flits = c_.flits(request.kind == RequestKind::kRead ? 0 : request.bytes);
  ++shared_.inflight;
}

LineResponse GpuMemory::take_response(std::uint32_t sm) {
  const Packet p = replies_.pop(sm);
  note_response_ready(sm);
  shared_.stats.round_trip_cycles += now_ - p.sent;
  ++shared_.stats.responses;
  --shared_.inflight;
  return LineResponse{p.req.id, p.req.sm};
}

void GpuMemory::tick() {
  if (shared_.inflight == 0 && !reference_) {
    skip_idle(1);
    return;
  }
  advance_dram(1);
  if (now_ >= first_sub_due_) {
    first_sub_due_ = Crossbar::kNever;
    for (unsigned s = 0; s < subs_.size(); ++s) {
      std::uint64_t due = std::min(sub_due_[s], requests_.front_ready(s));
      if (due <= now_) {
        subs_[s]->tick(now_);
        sub_due_[s] = subs_[s]->next_work();
        due = std::min(sub_due_[s], requests_.front_ready(s));
      }
      first_sub_due_ = std::min(first_sub_due_, due);
    }
  }
  requests_.tick(now_);
  first_sub_due_ = std::min(first_sub_due_, requests_.take_first_new_front());
  // A full SM port shows where it backs up to: the sub-partitions' replies (L2Partition).
  replies_.tick(now_);
  ++now_;
  // Replies whose tail flit arrived by the new cycle become takeable.
  replies_due_ = std::min(replies_due_, replies_.take_first_new_front());
  if (now_ < replies_due_) return;
  replies_due_ = Crossbar::kNever;
  for (std::uint32_t w = 0; w < ready_words_.size(); ++w) {
    std::uint64_t bits = 0;
    const std::uint32_t end = std::min(num_sms_, (w + 1) * 64);
    for (std::uint32_t sm = w * 64; sm < end; ++sm) {
      const std::uint64_t front = replies_.front_ready(sm);
      if (front <= now_) {
        bits |= std::uint64_t{1} << (sm % 64);
      } else {
        replies_due_ = std::min(replies_due_, front);
      }
    }
    ready_words_[w] = bits;
  }
  // Reference mode always gets here (forget_skips zeroed replies_due_ last tick), and the
  // normal mode tests this only in the cycles a reply became takeable.
  if (reference_) forget_skips();
}

void GpuMemory::advance_dram(std::uint64_t core_cycles) {
  dram_acc_ += core_cycles * c_.dram_mhz;
  const std::uint64_t first = dram_now_ + 1;
  while (dram_acc_ >= c_.core_mhz) {
    dram_acc_ -= c_.core_mhz;
    ++dram_now_;
  }
  // The channels share nothing within these DRAM cycles, so each runs its cycles in turn; one
  // with nothing due by the last of them would only return at once from every call.
  for (unsigned i = 0; i < channels_.size(); ++i) {
    if (dram_due_[i] > dram_now_) continue;
    DramChannel& ch = *channels_[i];
    for (std::uint64_t t = std::max(first, dram_due_[i]); t <= dram_now_; ++t) ch.cycle(t);
    shared_.inflight -= ch.take_finished_writes();
    while (ch.has_completion(dram_now_)) {
      const DramCompletion d = ch.pop_completion();
      const std::uint64_t ready = now_ + c_.dram.return_latency;
      subs_[d.sub]->fill(d.tag, ready);
      sub_due_[d.sub] = std::min(sub_due_[d.sub], ready);
      first_sub_due_ = std::min(first_sub_due_, ready);
    }
    dram_due_[i] = ch.next_event();
  }
}

void GpuMemory::forget_skips() {
  std::fill(dram_due_.begin(), dram_due_.end(), 0);
  std::fill(sub_due_.begin(), sub_due_.end(), 0);
  first_sub_due_ = 0;
  replies_due_ = 0;
  requests_.forget_skips();
  replies_.forget_skips();
}

void GpuMemory::skip_idle(std::uint64_t cycles) {
  assert(idle());
  const std::uint64_t acc = dram_acc_ + cycles * c_.dram_mhz;
  dram_now_ += acc / c_.core_mhz;
  dram_acc_ = acc % c_.core_mhz;
  now_ += cycles;
}

void GpuMemory::host_wrote(std::uint64_t addr, std::uint64_t bytes) {
  assert(idle());
  if (!c_.l2.copies_allocate) return;
  const std::uint64_t line_bytes = c_.l2.line_bytes;
  for (std::uint64_t a = addr; a < addr + bytes;) {
    const std::uint64_t line = a & ~(line_bytes - 1);
    const std::uint64_t end = std::min(addr + bytes, line + line_bytes);
    ByteMask mask;
    mask.set(static_cast<unsigned>(a - line), static_cast<unsigned>(end - line), c_.l2.line_bytes);
    subs_[map_.subpartition(line)]->copied(line, mask);
    a = end;
  }
}

const MemoryStats& GpuMemory::stats() const {
  view_ = shared_.stats;
  view_.dram_cycles = dram_now_;
  for (const auto& ch : channels_) {
    const DramStats& d = ch->stats();
    view_.dram_row_hits += d.row_hits;
    view_.dram_row_misses += d.row_misses;
    view_.dram_queue_full_cycles += d.queue_full_cycles;
    view_.dram_data_cycles += d.data_cycles;
  }
  return view_;
}

std::unique_ptr<MemorySystem> GpuMemory::create(const Machine& machine, unsigned num_sms,
                                                bool reference) {
  MemConfig c = load_mem_config(machine);
  c.reference = reference;
  return std::make_unique<GpuMemory>(c, num_sms);
}

}  // namespace wf::mem
