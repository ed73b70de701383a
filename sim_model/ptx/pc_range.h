// The lowest and highest PC a warp ran while it was watched: a spin loop's extent in a livelock
// report (sim_model/gpu/progress_monitor.h).
#pragma once

#include <cstdint>
#include <string>

#include <fmt/format.h>

namespace wf::ptx {

struct PcRange {
  std::uint32_t lo = ~0u, hi = 0;

  bool empty() const { return lo > hi; }
  void add(std::uint32_t pc) {
    lo = pc < lo ? pc : lo;
    hi = pc > hi ? pc : hi;
  }
  void add(const PcRange& r) {
    if (r.empty()) return;
    add(r.lo);
    add(r.hi);
  }
  // ", spin pcs A..B" for a warp dump line; empty when nothing ran.
  std::string dump_suffix() const {
    return empty() ? std::string() : fmt::format(", spin pcs {}..{}", lo, hi);
  }
};

}  // namespace wf::ptx
