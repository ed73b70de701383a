#pragma once

#include <string>

#include "sim_model/blocks/mwf_arbiter.h"

namespace wf::gen {
std::string emit(const blocks::MwfArbiterParams& p);
}
