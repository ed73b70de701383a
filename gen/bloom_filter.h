#pragma once

#include <string>

#include "sim_model/blocks/bloom_filter.h"

namespace wf::gen {
std::string emit(const blocks::BloomFilterParams& p);
}
