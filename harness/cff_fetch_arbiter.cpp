#include "harness/cff_fetch_arbiter.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(CffFetchArbiterHarness, "BAWS critical-fetch-first fetch arbiter")
}  // namespace wf::harness
