#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/sm_throttle_controller.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::SmThrottleControllerParams& p);
}
