#include "harness/subwarp_packer.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(SubwarpPackerHarness,
                  "LWM sub-warp packer: a large warp's active mask into SIMD-wide sub-warps")
}  // namespace wf::harness
