#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/lrr_arbiter.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::LrrArbiterParams& p);
}
