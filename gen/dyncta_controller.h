#pragma once

#include <string>

#include "sim_model/blocks/dyncta_controller.h"

namespace wf::gen {
std::string emit(const blocks::DynctaControllerParams& p);
}
