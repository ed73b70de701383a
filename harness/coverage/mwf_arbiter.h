// Coverage of mwf_arbiter: the request cases, the most-waiting-first CTA order, and the inner
// policy of the chosen CTA.
#pragma once

#include "harness/coverage/cta_order_cases.h"
#include "harness/coverage/cta_then_warp_coverage.h"
#include "sim_model/blocks/mwf_arbiter.h"

namespace wf::harness {

using MwfArbiterCoverage = CtaThenWarpCoverage<blocks::MwfArbiter, MostWaitingCases>;

}  // namespace wf::harness
