// A timing run's counters added up over its SMs or their L1 data caches, for the report's rows
// and for callers that need a run's instruction counts.
#pragma once

#include <cstdint>
#include <functional>
#include <type_traits>

#include "sim_model/gpu/timing_session.h"

namespace wf::gpu {

// The sum over SMs of `get(stats)`, `get` a member pointer of SmStats or a callable.
template <class Get>
auto sm_total(const TimingResults& r, Get get) {
  std::remove_cvref_t<std::invoke_result_t<Get&, const sm::SmStats&>> sum{};
  for (const sm::SmStats& s : r.sms) sum += std::invoke(get, s);
  return sum;
}

// Warp-cycles spent in `state`, over all SMs.
inline std::uint64_t state_total(const TimingResults& r, sm::WarpState state) {
  return sm_total(r,
                  [state](const sm::SmStats& s) { return s.states[static_cast<unsigned>(state)]; });
}

// The sum over the SMs' L1 data caches of `get(stats)`, `get` a member pointer of L1Stats.
template <class Get>
auto l1_total(const TimingResults& r, Get get) {
  std::remove_cvref_t<std::invoke_result_t<Get&, const sm::L1Stats&>> sum{};
  for (const sm::L1Stats& l : r.l1) sum += std::invoke(get, l);
  return sum;
}

// a / b, 0 when nothing was counted.
inline double ratio(std::uint64_t a, std::uint64_t b) {
  return b ? static_cast<double>(a) / b : 0.0;
}

}  // namespace wf::gpu
