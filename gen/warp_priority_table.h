#pragma once

#include <string>

#include "sim_model/blocks/warp_priority_table.h"

namespace wf::gen {
std::string emit(const blocks::WarpPriorityTableParams& p);
}
