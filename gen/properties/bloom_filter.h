#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/bloom_filter.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::BloomFilterParams& p);
}
