#include "harness/mwf_arbiter.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(MwfArbiterHarness, "BAWS most-waiting-first issue arbiter")
}  // namespace wf::harness
