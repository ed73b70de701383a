#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/two_level_arbiter.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::TwoLevelArbiterParams& p);
}
