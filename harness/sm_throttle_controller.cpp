#include "harness/sm_throttle_controller.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(SmThrottleControllerHarness,
                  "BLOCKLAT SM throttle: SMs that receive new CTAs, from DRAM and icnt stalls")
}  // namespace wf::harness
