#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/warp_priority_table.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::WarpPriorityTableParams& p);
}
