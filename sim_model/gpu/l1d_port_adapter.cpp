#include "sim_model/gpu/l1d_port_adapter.h"

#include <cassert>

namespace wf::gpu {
namespace {

// Store completions carry no token: the LD/ST unit does not wait for them.
constexpr std::uint64_t kNoToken = 0;

}  // namespace

L1dPortAdapter::L1dPortAdapter(const mem::L1Config& config, std::uint32_t sm,
                               mem::MemorySystem& lower, unsigned data_path_cycles)
    : delay_(data_path_cycles), cache_(config, sm, lower) {
  delayed_.reserve(64);
}

unsigned L1dPortAdapter::access(std::uint64_t token, std::uint32_t warp, mem::RequestKind kind,
                                const ptx::MemAccess& m, std::uint64_t) {
  // The LD/ST unit checked can_accept() this cycle, so the cache cannot refuse.
  [[maybe_unused]] const mem::L1Status s =
      cache_.access(token, warp, m, kind == mem::RequestKind::kAtomic);
  assert(s == mem::L1Status::kAccepted);
  return cache_.lines_to_look_up();
}

bool L1dPortAdapter::cycle(std::uint64_t now) {
  now_ = now;
  if (delayed_head_ == delayed_.size()) {
    delayed_.clear();
    delayed_head_ = 0;
  }
  cache_.tick(now);
  while (cache_.has_completion()) {
    const std::uint64_t token = cache_.pop_completion();
    if (token != kNoToken) delayed_.push_back({now + delay_, token});
  }
  return delayed_head_ != delayed_.size() && delayed_[delayed_head_].ready <= now;
}

bool L1dPortAdapter::pop_completion(std::uint64_t& token) {
  if (delayed_head_ == delayed_.size() || delayed_[delayed_head_].ready > now_) return false;
  token = delayed_[delayed_head_++].token;
  return true;
}

const sm::L1Stats& L1dPortAdapter::stats() const {
  const mem::L1Stats& s = cache_.stats();
  view_.accesses = s.load_lines;
  view_.hits = s.hits;
  view_.stores = s.store_lines;
  view_.atomics = s.atomic_lines;
  view_.mshr_merges = s.mshr_merges;
  view_.stall_cycles = s.stall_cycles;
  view_.mshr_full_cycles = s.mshr_full_cycles;
  view_.miss_queue_full_cycles = s.miss_queue_full_cycles;
  view_.merge_full_cycles = s.merge_full_cycles;
  return view_;
}

}  // namespace wf::gpu
