#pragma once

#include <string>

#include "sim_model/blocks/two_level_arbiter.h"

namespace wf::gen {
std::string emit(const blocks::TwoLevelArbiterParams& p);
}
