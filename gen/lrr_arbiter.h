#pragma once

#include <string>

#include "sim_model/blocks/lrr_arbiter.h"

namespace wf::gen {
std::string emit(const blocks::LrrArbiterParams& p);
}
