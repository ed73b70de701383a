#pragma once

#include <string>

#include "sim_model/blocks/gto_arbiter.h"

namespace wf::gen {
std::string emit(const blocks::GtoArbiterParams& p);
}
