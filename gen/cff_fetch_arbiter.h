#pragma once

#include <string>

#include "sim_model/blocks/cff_fetch_arbiter.h"

namespace wf::gen {
std::string emit(const blocks::CffFetchArbiterParams& p);
}
