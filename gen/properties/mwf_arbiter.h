#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/mwf_arbiter.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::MwfArbiterParams& p);
}
