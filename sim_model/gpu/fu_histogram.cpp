#include "sim_model/gpu/fu_histogram.h"

#include <stdexcept>

#include <fmt/format.h>

namespace wf::gpu {

FuHistogram fu_histogram(const TimingResults& r) {
  FuHistogram h;
  h.sm_cycles = r.cycles * r.sms.size();
  for (const sm::SmStats& s : r.sms) {
    if (h.active_lanes.size() < s.active_lanes.size()) h.active_lanes.resize(s.active_lanes.size());
    for (std::size_t n = 1; n < s.active_lanes.size(); ++n) h.active_lanes[n] += s.active_lanes[n];
  }
  if (h.active_lanes.empty()) h.active_lanes.resize(1);
  std::uint64_t issuing = 0;
  for (std::size_t n = 1; n < h.active_lanes.size(); ++n) issuing += h.active_lanes[n];
  if (issuing > h.sm_cycles)
    throw std::logic_error(
        fmt::format("{} issuing SM-cycles counted in a run of {} SM-cycles", issuing, h.sm_cycles));
  h.active_lanes[0] = h.sm_cycles - issuing;
  return h;
}

}  // namespace wf::gpu
