// The fetch groups of two-level scheduling (Narasiman et al., MICRO 2011): group_size
// consecutive warp ids each, the last one clipped to the warps there are. Shared by the
// two-level arbiter and CFF's 2lev mode.
#pragma once

#include <cstdint>

#include "sim_model/blocks/warp_select.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

// The warps of the fetch group holding `warp` (of n warps).
inline std::uint64_t fetch_group_mask(unsigned warp, unsigned group_size, unsigned n) {
  const unsigned first = warp / group_size * group_size;
  return low_mask(n) & low_mask(first + group_size) & ~low_mask(first);
}

// The paper's fetch group: 8 warps per scheduler ([sm] fetch_group_size's default). An SM-wide
// group (fetch) is that x schedulers warps: schedulers take warps round robin, so SM group g is
// the union of their groups g.
inline constexpr unsigned kDefaultFetchGroupSize = 8;

// A scheduler's fetch group, in (large) warps: [sm] fetch_group_size, read from the values map
// itself (the blocks' code links without the preset loader; a Machine built by hand has none).
inline unsigned fetch_group_size(const Machine& m) {
  const auto it = m.values.find("sm.fetch_group_size");
  return it != m.values.end() && it->second.value ? static_cast<unsigned>(it->second.value)
                                                  : kDefaultFetchGroupSize;
}

// The group of `per_scheduler` x `schedulers` warps over `num_warps`, at most all of them: a
// larger group is the same single group, and names the same RTL module.
inline unsigned fetch_group_over(unsigned per_scheduler, unsigned schedulers, unsigned num_warps) {
  const unsigned g = per_scheduler * schedulers;
  return g < num_warps ? g : num_warps;
}

}  // namespace wf::blocks
