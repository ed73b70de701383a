#pragma once

#include <string>

#include "sim_model/blocks/sm_throttle_controller.h"

namespace wf::gen {
std::string emit(const blocks::SmThrottleControllerParams& p);
}
