#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/subwarp_packer.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::SubwarpPackerParams& p);
}
