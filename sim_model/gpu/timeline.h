// The warp-phase timeline of BAWS Fig. 3/4 as a Chrome trace (JSON "traceEvents"), which
// Perfetto (ui.perfetto.dev) and chrome://tracing open: one process per SM, one track per
// hardware warp slot (named after its CTA and warp), and per warp-phase two slices: executing
// (from the phase's start to the warp's arrival) and waiting (arrival to release). Time stamps
// are core cycles written as microseconds, since the format has no other unit.
#pragma once

#include <string>

#include "sim_model/gpu/timing_session.h"

namespace wf::gpu {

std::string timeline_json(const TimingResults& results, const sm::TimingConfig& config);

}  // namespace wf::gpu
