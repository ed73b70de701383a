#include "sim_model/sm/warp_phases.h"

#include <algorithm>

namespace wf::sm {

void WarpPhases::cta_start(unsigned slot, const std::vector<unsigned>& hw_warps, std::uint64_t now,
                           std::uint32_t sm, std::uint32_t cta, std::uint32_t cta_on_sm,
                           bool record) {
  Slot& s = slots_[slot];
  s.members.clear();
  for (unsigned w : hw_warps) s.members.push_back({w});
  s.phase_start = now;
  s.phase = 0;
  s.sm = sm;
  s.cta = cta;
  s.cta_on_sm = cta_on_sm;
  s.record = record;
}

WarpPhases::Member* WarpPhases::find(Slot& s, unsigned hw_warp) {
  for (Member& m : s.members)
    if (m.hw_warp == hw_warp) return &m;
  return nullptr;
}

void WarpPhases::arrive(unsigned slot, unsigned hw_warp, std::uint64_t now) {
  Member* m = find(slots_[slot], hw_warp);
  if (!m || m->gone || m->arrived) return;
  m->arrived = true;
  m->arrive = now;
}

void WarpPhases::exit(unsigned slot, unsigned hw_warp, std::uint64_t now) {
  Member* m = find(slots_[slot], hw_warp);
  if (!m || m->gone) return;
  if (!m->arrived) {
    m->arrived = true;
    m->arrive = now;
  }
  m->exited = true;
}

void WarpPhases::release(unsigned slot, std::uint64_t now) {
  close_phase(slots_[slot], now);
}

void WarpPhases::cta_end(unsigned slot, std::uint64_t now) {
  Slot& s = slots_[slot];
  // Warps still running at the end (none, normally) arrive with the CTA's end.
  for (Member& m : s.members) {
    if (!m.gone && !m.arrived) {
      m.arrived = true;
      m.arrive = now;
      m.exited = true;
    }
  }
  close_phase(s, now);
  s.members.clear();
}

void WarpPhases::close_phase(Slot& s, std::uint64_t now) {
  std::uint64_t max_t = 0, sum_t = 0, n = 0;
  for (const Member& m : s.members) {
    if (m.gone || !m.arrived) continue;
    const std::uint64_t t = m.arrive - s.phase_start;
    max_t = std::max(max_t, t);
    sum_t += t;
    ++n;
  }
  if (n > 0 && max_t > 0) {
    totals_.rtru_sum += static_cast<double>(n * max_t - sum_t) / static_cast<double>(n * max_t);
    ++totals_.phases;
  }
  for (std::uint32_t i = 0; i < s.members.size(); ++i) {
    Member& m = s.members[i];
    if (m.gone || !m.arrived) continue;
    if (s.record) {
      slices_.push_back({s.sm, s.cta, s.cta_on_sm, i, m.hw_warp, s.phase, m.exited, s.phase_start,
                         m.arrive, now});
    }
    m.arrived = false;
    m.gone = m.exited;
  }
  s.phase_start = now;
  ++s.phase;
}

}  // namespace wf::sm
