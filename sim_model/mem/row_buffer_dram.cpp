#include "sim_model/mem/row_buffer_dram.h"

#include <algorithm>
#include <cassert>

namespace wf::mem {

std::unique_ptr<MemorySystem> RowBufferDram::create(const Machine& machine, unsigned num_sms,
                                                    bool reference) {
  RowBufferConfig c = load_row_buffer_config(machine);
  c.reference = reference;
  return std::make_unique<RowBufferDram>(c, num_sms);
}

RowBufferDram::RowBufferDram(const RowBufferConfig& config, unsigned num_sms)
    : c_(config), banks_(config.banks), replies_(num_sms) {
  // A bank never waits behind more requests than the controller holds.
  for (Bank& b : banks_) b.queue = Ring<Access>(c_.queue);
  arrivals_.reserve(c_.queue);
  in_service_.reserve(c_.queue);
}

bool RowBufferDram::can_send(std::uint32_t) const {
  if (held_ < c_.queue) return true;
  if (refused_cycle_ != now_) ++refused_cycles_;
  refused_cycle_ = now_;
  return false;
}

void RowBufferDram::send(const LineRequest& request) {
  assert(held_ < c_.queue);
  Access a;
  a.req = request;
  a.req.addr &= ~std::uint64_t{c_.line_bytes - 1};
  a.seq = seq_++;
  a.arrived = now_;
  a.bank = c_.bank(a.req.addr);
  a.row = c_.row(a.req.addr);
  arrivals_.push_back(a);
  ++held_;
  ++inflight_;
  next_event_ = now_;
}

LineResponse RowBufferDram::take_response(std::uint32_t sm) {
  const Reply r = replies_[sm].front();
  replies_[sm].pop_front();
  stats_.round_trip_cycles += now_ - r.sent;
  ++stats_.responses;
  --inflight_;
  return r.response;
}

void RowBufferDram::tick() {
  if (inflight_ == 0 && !c_.reference) {
    ++now_;
    return;
  }
  const std::uint64_t c = now_;
  if (c >= next_event_ || c_.reference) {
    accept_arrivals();
    start_banks(c);
    grant_bus(c);
    next_event_ = next_event(c);
  }
  ++now_;
  if (transferring_ && transfer_done_ <= now_) finish_transfer();
}

void RowBufferDram::accept_arrivals() {
  for (const Access& a : arrivals_) {
    if (a.req.kind == RequestKind::kAtomic) {
      ++stats_.atomics;
      if (hook_) hook_(a.req);
    }
    assert(a.arrived == now_);
    banks_[a.bank].queue.push(a);
  }
  arrivals_.clear();
}

void RowBufferDram::start_banks(std::uint64_t c) {
  const unsigned t = c_.line_transfer_cycles;
  for (Bank& b : banks_) {
    if (b.queue.empty() || b.free_at > c) continue;
    Access a = b.queue.pop();
    const bool hit = b.open && b.row == a.row;
    if (hit) {
      ++stats_.dram_row_hits;
    } else {
      ++stats_.dram_row_misses;
      if (b.open) ++stats_.dram_row_conflicts;
    }
    const unsigned activate = hit ? 0 : c_.activate_cycles();
    b.open = true;
    b.row = a.row;
    b.free_at = c + activate + t;
    a.bus_ready = c + activate + c_.row_hit_latency - t;
    stats_.dram_queue_cycles += c - a.arrived;
    if (a.req.kind == RequestKind::kWrite) {
      ++stats_.dram_writes;
    } else {
      ++stats_.dram_reads;
    }
    in_service_.push_back(a);
  }
}

void RowBufferDram::grant_bus(std::uint64_t c) {
  if (bus_free_ > c || transferring_) return;
  auto oldest = in_service_.end();
  for (auto it = in_service_.begin(); it != in_service_.end(); ++it)
    if (it->bus_ready <= c && (oldest == in_service_.end() || it->seq < oldest->seq)) oldest = it;
  if (oldest == in_service_.end()) return;
  transfer_ = *oldest;
  in_service_.erase(oldest);
  transferring_ = true;
  transfer_done_ = c + c_.line_transfer_cycles;
  bus_free_ = transfer_done_;
  stats_.dram_bus_wait_cycles += c - transfer_.bus_ready;
  stats_.dram_data_cycles += c_.line_transfer_cycles;
}

void RowBufferDram::finish_transfer() {
  transferring_ = false;
  --held_;
  const LineRequest& r = transfer_.req;
  if (r.kind == RequestKind::kWrite) {
    --inflight_;
  } else {
    replies_[r.sm].push_back(Reply{LineResponse{r.id, r.sm}, transfer_.arrived});
  }
}

std::uint64_t RowBufferDram::next_event(std::uint64_t c) const {
  std::uint64_t t = kNever;
  for (const Bank& b : banks_)
    if (!b.queue.empty()) t = std::min(t, std::max(b.free_at, c + 1));
  if (!in_service_.empty()) {
    std::uint64_t ready = kNever;
    for (const Access& a : in_service_) ready = std::min(ready, a.bus_ready);
    t = std::min(t, std::max({ready, bus_free_, c + 1}));
  }
  return t;
}

void RowBufferDram::skip_idle(std::uint64_t cycles) {
  assert(idle());
  now_ += cycles;
}

const MemoryStats& RowBufferDram::stats() const {
  view_ = stats_;
  view_.dram_queue_full_cycles = refused_cycles_;
  view_.dram_cycles = now_;  // the DRAM timing is in core cycles
  return view_;
}

}  // namespace wf::mem
