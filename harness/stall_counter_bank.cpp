#include "harness/stall_counter_bank.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(StallCounterBankHarness,
                  "BLOCKLAT stall counters: saturating per-warp stall cycles")
}  // namespace wf::harness
