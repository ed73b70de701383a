#include "sim_model/mem/l1d.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace wf::mem {

L1Stats& L1Stats::operator+=(const L1Stats& o) {
  load_lines += o.load_lines;
  hits += o.hits;
  misses += o.misses;
  mshr_merges += o.mshr_merges;
  store_lines += o.store_lines;
  atomic_lines += o.atomic_lines;
  instructions += o.instructions;
  stall_cycles += o.stall_cycles;
  mshr_full_cycles += o.mshr_full_cycles;
  miss_queue_full_cycles += o.miss_queue_full_cycles;
  merge_full_cycles += o.merge_full_cycles;
  return *this;
}

L1DataCache::L1DataCache(const L1Config& config, std::uint32_t sm, MemorySystem& lower)
    : sm_(sm),
      stall_until_change_(!config.reference),
      lower_(lower),
      hits_(config.hit_latency + 1),
      miss_queue_(config.miss_queue),
      c_(config),
      coalescer_(config.line_bytes, config.warp_size),
      tags_(config.sets, config.ways),
      mshr_line_(config.mshr_entries, kNoLine),
      mshr_merged_(config.mshr_entries, 0),
      mshr_waiters_(std::size_t{config.mshr_entries} * config.mshr_max_merge) {
  if (const std::uint64_t* ready = lower.responses_ready()) {
    ready_word_ = ready + sm / 64;
    ready_bit_ = std::uint64_t{1} << (sm % 64);
  }
  for (unsigned i = config.mshr_entries; i-- > 0;) free_mshrs_.push_back(i);
  // Enough for every warp to have a few instructions in flight; grows (rarely) beyond.
  slots_.reserve(256);
  done_.reserve(256);
}

L1Status L1DataCache::access(std::uint64_t token, std::uint32_t warp, const ptx::MemAccess& m,
                             bool atomic) {
  if (!can_accept()) return L1Status::kRetry;
  ++stats_.instructions;
  std::uint32_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
  } else {
    slot = static_cast<std::uint32_t>(slots_.size());
    slots_.emplace_back();
  }
  slots_[slot] = Slot{token, 0, false};
  ++busy_slots_;
  current_lines_ = coalescer_.coalesce(m, sm_, warp, current_);
  current_next_ = 0;
  current_slot_ = slot;
  current_kind_ =
      atomic ? RequestKind::kAtomic : (m.is_store ? RequestKind::kWrite : RequestKind::kRead);
  if (atomic) count_same_addresses(m);
  if (current_lines_ == 0) {
    slots_[slot].looked_up = true;
    maybe_complete(slot);
  }
  return L1Status::kAccepted;
}

void L1DataCache::tick(std::uint64_t now) {
  if (ready_word_ ? (*ready_word_ & ready_bit_) != 0 : lower_.has_response(sm_))
    receive(lower_.take_response(sm_));
  while (!hits_.empty() && hits_.front().ready <= now) line_done(hits_.pop().slot);
  if (current_lines_ > 0) {
    if (lookup_stalled_) {
      count_stall();
    } else if (lookup(current_[current_next_], now)) {
      if (++current_next_ == current_lines_) {
        current_lines_ = 0;
        slots_[current_slot_].looked_up = true;
        maybe_complete(current_slot_);
      }
    } else {
      lookup_stalled_ = stall_until_change_;
      count_stall();
    }
  }
  if (!miss_queue_.empty() && lower_.can_send(sm_)) {
    lookup_stalled_ = false;
    Outgoing o = miss_queue_.pop();
    o.req.issue_cycle = now;
    lower_.send(o.req);
    if (o.slot != kNoSlot) line_done(o.slot);
  }
}

bool L1DataCache::lookup(const LineAccess& line, std::uint64_t now) {
  const std::uint64_t index = line.addr / c_.line_bytes;
  Slot& slot = slots_[current_slot_];
  if (current_kind_ != RequestKind::kRead) {
    if (miss_queue_.full()) {
      refusal_ = Refusal::kMissQueue;
      return false;
    }
    LineRequest r{0, sm_, line.addr, line.bytes, current_kind_, now, {}, 0, 0};
    r.mask = line.mask;
    if (current_kind_ == RequestKind::kWrite) {
      // Write-through; a hit keeps the (updated) line, a miss does not allocate.
      const int way = tags_.find(index, line.addr);
      if (way != TagArray::kNone) tags_.touch(way);
      ++stats_.store_lines;
      miss_queue_.push(Outgoing{r, current_slot_});
    } else {
      ++stats_.atomic_lines;
      r.id = kAtomicId | current_slot_;
      r.atomic_ops = static_cast<std::uint8_t>(std::popcount(line.lanes));
      r.atomic_same = line.same;
      miss_queue_.push(Outgoing{r, kNoSlot});
    }
    ++slot.outstanding;
    return true;
  }
  const int way = tags_.find(index, line.addr);
  if (way != TagArray::kNone) {
    tags_.touch(way);
    ++stats_.load_lines;
    ++stats_.hits;
    hits_.push(Hit{now + c_.hit_latency, current_slot_});
    ++slot.outstanding;
    return true;
  }
  const int m = find_mshr(line.addr, index);
  if (m >= 0) {
    std::uint32_t& merged = mshr_merged_[m];
    if (merged == c_.mshr_max_merge) {
      refusal_ = Refusal::kMerge;
      return false;
    }
    mshr_waiters_[m * c_.mshr_max_merge + merged++] = current_slot_;
    ++stats_.mshr_merges;
  } else {
    if (free_mshrs_.empty() || miss_queue_.full()) {
      refusal_ = free_mshrs_.empty() ? Refusal::kMshrs : Refusal::kMissQueue;
      return false;
    }
    const std::uint32_t id = free_mshrs_.back();
    free_mshrs_.pop_back();
    mshr_line_[id] = line.addr;
    note_mshr(index, true);
    mshr_merged_[id] = 1;
    mshr_waiters_[id * c_.mshr_max_merge] = current_slot_;
    miss_queue_.push(
        Outgoing{LineRequest{id, sm_, line.addr, c_.line_bytes, RequestKind::kRead, now, {}, 0, 0},
                 kNoSlot});
  }
  ++stats_.load_lines;
  ++stats_.misses;
  ++slot.outstanding;
  return true;
}

void L1DataCache::count_stall() {
  ++stats_.stall_cycles;
  switch (refusal_) {
    case Refusal::kMshrs:
      ++stats_.mshr_full_cycles;
      break;
    case Refusal::kMissQueue:
      ++stats_.miss_queue_full_cycles;
      break;
    case Refusal::kMerge:
      ++stats_.merge_full_cycles;
      break;
  }
}

void L1DataCache::count_same_addresses(const ptx::MemAccess& m) {
  for (unsigned i = 0; i < current_lines_; ++i) {
    LineAccess& line = current_[i];
    unsigned most = 0;
    for (std::uint64_t lanes = line.lanes; lanes != 0; lanes &= lanes - 1) {
      const std::uint64_t a = m.addr[std::countr_zero(lanes)];
      unsigned n = 0;
      for (std::uint64_t o = line.lanes; o != 0; o &= o - 1) n += m.addr[std::countr_zero(o)] == a;
      most = std::max(most, n);
    }
    line.same = static_cast<std::uint8_t>(most);
  }
}

bool L1DataCache::fetch_instruction(std::uint64_t line_addr, std::uint64_t fill_token,
                                    std::uint64_t now) {
  if (miss_queue_.full()) return false;
  std::uint32_t index;
  if (!free_fill_ids_.empty()) {
    index = free_fill_ids_.back();
    free_fill_ids_.pop_back();
    fill_tokens_[index] = fill_token;
  } else {
    index = static_cast<std::uint32_t>(fill_tokens_.size());
    fill_tokens_.push_back(fill_token);
  }
  miss_queue_.push(Outgoing{
      LineRequest{
          kInstructionId | index, sm_, line_addr, c_.line_bytes, RequestKind::kRead, now, {}, 0, 0},
      kNoSlot});
  ++instruction_fills_;
  return true;
}

void L1DataCache::receive(const LineResponse& r) {
  lookup_stalled_ = false;
  if (r.id & kAtomicId) {
    line_done(static_cast<std::uint32_t>(r.id & ~kAtomicId));
    return;
  }
  if (r.id & kInstructionId) {
    // An instruction line is not kept here: the SM's L1I installs it.
    const auto index = static_cast<std::uint32_t>(r.id & ~kInstructionId);
    done_.push_back(fill_tokens_[index]);
    free_fill_ids_.push_back(index);
    --instruction_fills_;
    return;
  }
  const auto id = static_cast<std::uint32_t>(r.id);
  const std::uint64_t line = mshr_line_[id];
  assert(line != kNoLine);
  const std::uint64_t index = line / c_.line_bytes;
  const int way = tags_.victim(index);  // never kNone: the L1 reserves no ways
  tags_.install(way, line, TagArray::State::kValid, false);
  mshr_line_[id] = kNoLine;
  note_mshr(index, false);
  free_mshrs_.push_back(id);
  for (std::uint32_t i = 0; i < mshr_merged_[id]; ++i)
    line_done(mshr_waiters_[id * c_.mshr_max_merge + i]);
}

void L1DataCache::line_done(std::uint32_t slot) {
  --slots_[slot].outstanding;
  maybe_complete(slot);
}

void L1DataCache::maybe_complete(std::uint32_t slot) {
  Slot& s = slots_[slot];
  if (!s.looked_up || s.outstanding != 0) return;
  done_.push_back(s.token);
  free_slots_.push_back(slot);
  --busy_slots_;
}

std::uint64_t L1DataCache::pop_completion() {
  assert(has_completion());
  const std::uint64_t token = done_[done_head_++];
  if (done_head_ == done_.size()) {
    done_.clear();  // keeps its capacity
    done_head_ = 0;
  }
  return token;
}

int L1DataCache::find_mshr(std::uint64_t line, std::uint64_t index) const {
  if (!((mshr_buckets_ >> (index % 64)) & 1)) return -1;
  for (std::size_t i = 0; i < mshr_line_.size(); ++i) {
    if (mshr_line_[i] == line) return static_cast<int>(i);
  }
  return -1;
}

void L1DataCache::note_mshr(std::uint64_t index, bool allocated) {
  const unsigned b = static_cast<unsigned>(index % 64);
  if (allocated) {
    ++mshr_bucket_count_[b];
    mshr_buckets_ |= std::uint64_t{1} << b;
  } else if (--mshr_bucket_count_[b] == 0) {
    mshr_buckets_ &= ~(std::uint64_t{1} << b);
  }
}

std::unique_ptr<L1DataCache> make_l1_data_cache(const MemConfig& config, std::uint32_t sm,
                                                MemorySystem& lower) {
  return std::make_unique<L1DataCache>(config.l1, sm, lower);
}

std::unique_ptr<L1DataCache> make_l1_data_cache(const Machine& machine, std::uint32_t sm,
                                                MemorySystem& lower) {
  return make_l1_data_cache(load_mem_config(machine), sm, lower);
}

}  // namespace wf::mem
