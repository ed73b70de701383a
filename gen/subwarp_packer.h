#pragma once

#include <string>

#include "sim_model/blocks/subwarp_packer.h"

namespace wf::gen {
std::string emit(const blocks::SubwarpPackerParams& p);
}
