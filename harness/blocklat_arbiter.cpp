#include "harness/blocklat_arbiter.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(BlocklatArbiterHarness,
                  "BLOCKLAT issue arbiter: most-stalled warp of the CTA, CTAs round robin")
}  // namespace wf::harness
