#include "harness/gto_arbiter.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(GtoArbiterHarness, "greedy-then-oldest issue arbiter (baseline)")
}  // namespace wf::harness
