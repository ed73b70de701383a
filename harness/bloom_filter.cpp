#include "harness/bloom_filter.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(BloomFilterHarness,
                  "AWG counting Bloom filters: unique updates per monitored address")
}  // namespace wf::harness
