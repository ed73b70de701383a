// The device's limits and capabilities as cudaDeviceProp and cudaDeviceGetAttribute report
// them. Compute capability 7.5, because the PTX warpforge executes is what nvcc emits for sm_75.
#pragma once

#include <optional>

#include "cuda_runtime/protocol.h"

namespace wf::cudart {

inline constexpr int kComputeMajor = 7, kComputeMinor = 5;
inline constexpr int kMaxGrid[3] = {2147483647, 65535, 65535};
inline constexpr int kMaxBlock[3] = {1024, 1024, 64};

// The value of a cudaDeviceAttr, or empty for a number CUDA 13 does not define (reserved or out
// of range), which the runtime answers with cudaErrorInvalidValue. Capabilities the model does
// not have (textures, surfaces, managed memory, peer access, ...) are 0, as on a device that
// lacks them, so a program that checks takes its fallback path or says it cannot run.
std::optional<int> device_attribute(const DeviceInfo& d, int attribute);

}  // namespace wf::cudart
