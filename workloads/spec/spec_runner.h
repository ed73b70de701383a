// Runs a loaded launch spec on the runtime: buffers in, launches in order, buffers out, checks.
#pragma once

#include "sim_model/gpu/runtime.h"
#include "workloads/run_result.h"
#include "workloads/spec/launch_spec.h"

namespace wf::workloads::spec {

// The runtime's UsageErrors (PTX it rejects, an unknown kernel, wrong arguments) propagate:
// they are the spec's fault. Any other launch error fails the result with a message naming the
// launch.
RunResult run_spec(const LaunchSpec& spec, gpu::Runtime& runtime);

}  // namespace wf::workloads::spec
