#include "harness/syncmon_cache.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(SyncmonCacheHarness,
                  "AWG SyncMon condition cache with waiting-WG list (wait, update, resume)")
}  // namespace wf::harness
