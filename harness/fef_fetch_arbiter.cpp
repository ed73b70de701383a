#include "harness/fef_fetch_arbiter.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(FefFetchArbiterHarness, "fewest-entries-first fetch arbiter (I-buffer entries)")
}  // namespace wf::harness
