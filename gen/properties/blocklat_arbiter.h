#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/blocklat_arbiter.h"

namespace wf::gen {
// The widest stall count at which the most-stalled property is stated (the .cpp says why).
inline constexpr unsigned kMostStalledProofBits = 6;
PropertySet emit_properties(const blocks::BlocklatArbiterParams& p);
}  // namespace wf::gen
