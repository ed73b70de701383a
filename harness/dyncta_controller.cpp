#include "harness/dyncta_controller.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(DynctaControllerHarness,
                  "DYNCTA CTA-limit controller: n per SM from C_idle, C_mem")
}  // namespace wf::harness
