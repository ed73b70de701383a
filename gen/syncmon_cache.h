#pragma once

#include <string>

#include "sim_model/blocks/syncmon_cache.h"

namespace wf::gen {
std::string emit(const blocks::SyncmonCacheParams& p);
}
