// The device's limits and capabilities as cudaDeviceProp and cudaDeviceGetAttribute report
// them. Compute capability 7.5, because the PTX warpforge executes is what nvcc emits for sm_75.
#pragma once

#include <cstddef>
#include <optional>

#include "cuda_runtime/protocol.h"

namespace wf::cudart {

inline constexpr int kComputeMajor = 7, kComputeMinor = 5;
inline constexpr int kMaxGrid[3] = {2147483647, 65535, 65535};
inline constexpr int kMaxBlock[3] = {1024, 1024, 64};
// Where a texture may start, and so the multiple cudaMallocPitch and cudaMalloc3D round a pitch
// up to: 512 bytes, as on NVIDIA's parts.
inline constexpr int kTextureAlignment = 512;
// The multiple a pitched texture's or surface's pitch and base must be (texturePitchAlignment).
inline constexpr int kTexturePitchAlignment = 32;
// The largest pitch a 2D or 3D copy takes (cudaDevAttrMaxPitch).
inline constexpr int kMaxPitch = 2147483647;

// The value of a cudaDeviceAttr, or empty for a number CUDA 13 does not define (reserved or out
// of range), which the runtime answers with cudaErrorInvalidValue. Capabilities the model does
// not have (textures, surfaces, peer access, ...) are 0, as on a device that lacks them, so a
// program that checks takes its fallback path or says it cannot run; a capability is 1 only when
// the stand-in implements what it promises.
std::optional<int> device_attribute(const DeviceInfo& d, int attribute);

// The cudaDeviceProp fields that have a cudaDeviceAttr: cudaGetDeviceProperties fills each
// from device_attribute(), so the two answers cannot disagree.
struct PropertyAttribute {
  std::size_t offset;  // of the field in CudaDeviceProp
  bool wide;           // a size_t field, else an int
  int attribute;
};
extern const PropertyAttribute kPropertyAttributes[];
extern const std::size_t kPropertyAttributeCount;

}  // namespace wf::cudart
