// The fetch groups of two-level scheduling (Narasiman et al., MICRO 2011): group_size
// consecutive warp ids each, the last one clipped to the warps there are. Shared by the
// two-level arbiter and CFF's 2lev mode.
#pragma once

#include <cstdint>

#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

// The warps of the fetch group holding `warp` (of n warps).
inline std::uint64_t fetch_group_mask(unsigned warp, unsigned group_size, unsigned n) {
  const unsigned first = warp / group_size * group_size;
  return low_mask(n) & low_mask(first + group_size) & ~low_mask(first);
}

// The paper's fetch group: 8 warps per scheduler. An SM-wide group (fetch) is 8 x schedulers
// warps: schedulers take warps round robin, so SM group g is the union of their groups g.
inline constexpr unsigned kTwoLevelIssueGroup = 8;

}  // namespace wf::blocks
