#pragma once

#include <string>

#include "sim_model/blocks/saws_arbiter.h"

namespace wf::gen {
std::string emit(const blocks::SawsArbiterParams& p);
}
