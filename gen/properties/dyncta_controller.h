#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/dyncta_controller.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::DynctaControllerParams& p);
}
