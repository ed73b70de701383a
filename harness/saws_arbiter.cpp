#include "harness/saws_arbiter.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(SawsArbiterHarness, "SAWS issue arbiter: CTA that first hit its barrier first")
}  // namespace wf::harness
