#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/saws_arbiter.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::SawsArbiterParams& p);
}
