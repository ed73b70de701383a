#include "harness/warp_priority_table.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(WarpPriorityTableHarness, "BAWS warp priority table: barrier waiters per CTA")
}  // namespace wf::harness
