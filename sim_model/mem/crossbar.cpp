#include "sim_model/mem/crossbar.h"

#include <cstddef>

namespace wf::mem {

Crossbar::Crossbar(unsigned sources, unsigned dests, unsigned source_capacity,
                   unsigned dest_capacity, unsigned latency)
    : source_capacity_(source_capacity),
      source_free_(sources, 0),
      dest_free_(dests, 0),
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
  unsigned refused = 0;
  for (unsigned i = 0; i < n; ++i) {
    unsigned s = start_ + i;
    if (s >= n) s -= n;
    std::vector<Packet>& q = sources_[s];
    if (q.empty() || source_free_[s] > now) continue;
    std::size_t k = 0;
    for (; k < q.size(); ++k) {
      const unsigned d = q[k].dest;
      if (dests_[d].full()) {
        if (dest_refused_[d] != now) {
          dest_refused_[d] = now;
          ++refused;
        }
        continue;
      }
      if (dest_free_[d] <= now) break;
    }
    if (k == q.size()) continue;
    Packet p = q[k];
    q.erase(q.begin() + static_cast<std::ptrdiff_t>(k));
    const unsigned d = p.dest;
    --queued_;
    // The tail flit arrives latency + flits - 1 cycles after the head leaves.
    p.ready = now + latency_ + p.flits - 1;
    source_free_[s] = now + p.flits;
    dest_free_[d] = now + p.flits;
    dests_[d].push(p);
  }
  start_ = start_ + 1 == n ? 0 : start_ + 1;
  return refused;
}

}  // namespace wf::mem
