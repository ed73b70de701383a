#include "sim_model/mem/crossbar.h"

#include <algorithm>
#include <bit>
#include <cstddef>

namespace wf::mem {

Crossbar::Crossbar(unsigned sources, unsigned dests, unsigned source_capacity,
                   unsigned dest_capacity, unsigned latency)
    : waiting_((sources + 63) / 64, 0),
      source_capacity_(source_capacity),
      front_ready_(dests, kNever),
      source_free_(sources, 0),
      dest_free_(dests, 0),
      retry_at_(sources, 0),
      dest_refused_(dests, ~0ull),
      latency_(latency) {
  sources_.reserve(sources);
  for (unsigned i = 0; i < sources; ++i) sources_.emplace_back().reserve(source_capacity);
  dests_.reserve(dests);
  for (unsigned i = 0; i < dests; ++i) dests_.emplace_back(dest_capacity);
}

unsigned Crossbar::tick(std::uint64_t now) {
  if (queued_ == 0) return 0;
  const unsigned n = static_cast<unsigned>(sources_.size());
  if (now < next_offer_) {
    start_ = start_ + 1 == n ? 0 : start_ + 1;
    return 0;
  }
  unsigned refused = 0;
  std::uint64_t next = kNever;
  // Round robin from start_: the waiting sources in [start_, n), then in [0, start_).
  auto visit = [&](unsigned from, unsigned to) {
    for (unsigned word = from / 64; word * 64 < to; ++word) {
      std::uint64_t m = waiting_[word];
      if (word == from / 64) m &= ~std::uint64_t{0} << (from % 64);
      if (to < (word + 1) * 64) m &= (std::uint64_t{1} << (to % 64)) - 1;
      for (; m; m &= m - 1) {
        const unsigned s = word * 64 + static_cast<unsigned>(std::countr_zero(m));
        if (now >= retry_at_[s] && grant(s, now, refused) && sources_[s].empty()) {
          waiting_[word] &= ~(std::uint64_t{1} << (s % 64));
          continue;
        }
        next = std::min(next, std::max(retry_at_[s], now + 1));
      }
    }
  };
  visit(start_, n);
  visit(0, start_);
  start_ = start_ + 1 == n ? 0 : start_ + 1;
  next_offer_ = next;
  return refused;
}

bool Crossbar::grant(unsigned s, std::uint64_t now, unsigned& refused) {
  std::vector<Packet>& q = sources_[s];
  if (source_free_[s] > now) {
    retry_at_[s] = source_free_[s];
    return false;
  }
  std::uint64_t retry = ~std::uint64_t{0};
  std::size_t k = 0;
  for (; k < q.size(); ++k) {
    const unsigned d = q[k].dest;
    if (dests_[d].full()) {
      if (dest_refused_[d] != now) {
        dest_refused_[d] = now;
        ++refused;
      }
      retry = now + 1;  // a full buffer may drain any cycle
      continue;
    }
    if (dest_free_[d] <= now) break;
    retry = std::min(retry, dest_free_[d]);
  }
  if (k == q.size()) {
    retry_at_[s] = retry;
    return false;
  }
  const unsigned d = q[k].dest;
  // Copied as it was queued, then completed in place: a copy that changed `ready` first would
  // be read back from a store the host cannot forward.
  Packet& p = dests_[d].push(q[k]);
  q.erase(q.begin() + static_cast<std::ptrdiff_t>(k));
  --queued_;
  // The tail flit arrives latency + flits - 1 cycles after the head leaves.
  p.ready = now + latency_ + p.flits - 1;
  source_free_[s] = now + p.flits;
  dest_free_[d] = now + p.flits;
  if (dests_[d].size() == 1) {
    front_ready_[d] = p.ready;
    first_new_front_ = std::min(first_new_front_, p.ready);
  }
  return true;
}

}  // namespace wf::mem
