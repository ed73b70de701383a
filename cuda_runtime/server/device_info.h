// The device a program sees under `warpforge exec` (cudaGetDeviceProperties): the preset's
// machine.
#pragma once

#include "cuda_runtime/protocol.h"
#include "sim_model/sm/timing_config.h"

namespace wf::cudart {

DeviceInfo device_info(const sm::TimingConfig& config, bool functional);

}  // namespace wf::cudart
