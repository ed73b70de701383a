#pragma once

#include <string>

#include "sim_model/blocks/fef_fetch_arbiter.h"

namespace wf::gen {
std::string emit(const blocks::FefFetchArbiterParams& p);
}
