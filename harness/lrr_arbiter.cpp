#include "harness/lrr_arbiter.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(LrrArbiterHarness, "loose round robin issue arbiter (baseline)")
}  // namespace wf::harness
