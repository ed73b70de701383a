#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/fef_fetch_arbiter.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::FefFetchArbiterParams& p);
}
