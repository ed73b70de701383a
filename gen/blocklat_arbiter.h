#pragma once

#include <string>

#include "sim_model/blocks/blocklat_arbiter.h"

namespace wf::gen {
std::string emit(const blocks::BlocklatArbiterParams& p);
}
