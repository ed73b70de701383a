// Coverage of saws_arbiter: the request cases, the first-hit CTA order, and the inner policy of
// the chosen CTA.
#pragma once

#include "harness/coverage/cta_order_cases.h"
#include "harness/coverage/cta_then_warp_coverage.h"
#include "sim_model/blocks/saws_arbiter.h"

namespace wf::harness {

using SawsArbiterCoverage = CtaThenWarpCoverage<blocks::SawsArbiter, FirstHitCases>;

}  // namespace wf::harness
