#include "sim_model/sm/simple_memory.h"

namespace wf::sm {

FixedLatencyMemory::FixedLatencyMemory(const TimingConfig& c)
    : l2_latency_(c.l2_min_latency), dram_latency_(c.dram_min_latency), ready_(c.num_sms) {}

void FixedLatencyMemory::send(const mem::LineRequest& r) {
  ++stats_.l2_accesses;
  const bool hit = !touched_.insert(r.addr).second;
  if (hit) {
    ++stats_.l2_hits;
  } else if (r.kind == mem::RequestKind::kWrite) {
    ++stats_.dram_writes;
  } else {
    ++stats_.dram_reads;
  }
  if (r.kind == mem::RequestKind::kAtomic) ++stats_.atomics;
  in_flight_.push({now_ + (hit ? l2_latency_ : dram_latency_), seq_++, r});
}

mem::LineResponse FixedLatencyMemory::take_response(std::uint32_t sm) {
  mem::LineResponse r = ready_[sm].front();
  ready_[sm].pop();
  --pending_responses_;
  return r;
}

void FixedLatencyMemory::tick() {
  ++now_;
  while (!in_flight_.empty() && in_flight_.top().due <= now_) {
    const mem::LineRequest& r = in_flight_.top().request;
    if (r.kind == mem::RequestKind::kAtomic && hook_) hook_(r);
    if (r.kind != mem::RequestKind::kWrite) {
      stats_.round_trip_cycles += now_ - r.issue_cycle;
      ++stats_.responses;
      ready_[r.sm].push({r.id, r.sm});
      ++pending_responses_;
    }
    in_flight_.pop();
  }
}

}  // namespace wf::sm
