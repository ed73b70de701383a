#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/syncmon_cache.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::SyncmonCacheParams& p);
}
