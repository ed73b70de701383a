#include "harness/two_level_arbiter.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(TwoLevelArbiterHarness,
                  "two-level round-robin arbiter (fetch groups), issue or fetch")
}  // namespace wf::harness
