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

// CUDA arrays, in elements (layers for the layer counts): what cudaMallocArray and
// cudaMalloc3DArray accept, and so what texture and surface objects over them reach; the
// attributes report them for both. The model has no limit but memory; these are the sizes
// deviceQuery prints for a compute capability 6.x or 7.x device (1D 131072; 2D 131072 x 65536;
// 3D 16384 x 16384 x 16384; layered 1D 32768 x 2048, 2D 32768 x 32768 x 2048 layers), so a
// program sized for one finds the same room here. An array made for texture gather
// (cudaArrayTextureGather, tld4) is 2D and at most 32768 x 32768.
inline constexpr int kMaxArray1D = 131072;
inline constexpr int kMaxArray2D[2] = {131072, 65536};
inline constexpr int kMaxArray3D = 16384;
inline constexpr int kMaxArray1DLayered[2] = {32768, 2048};
inline constexpr int kMaxArray2DLayered[3] = {32768, 32768, 2048};
inline constexpr int kMaxArrayGather = 32768;
// Cube maps (cudaArrayCubemap): faces up to 32768 x 32768, and layered up to 2046 cubes, as
// deviceQuery prints them for the same devices.
inline constexpr int kMaxArrayCubemap = 32768;
inline constexpr int kMaxArrayCubemapLayers = 2046;
// Texture objects over linear memory: 1D up to 2^27 elements; pitched 2D up to 65536 x 65536
// elements, with any pitch a 2D copy takes (memPitch) that is a multiple of the pitch alignment.
inline constexpr int kMaxTexture1DLinear = 1 << 27;
inline constexpr int kMaxTexturePitch = kMaxPitch - kMaxPitch % kTexturePitchAlignment;
inline constexpr int kMaxTexture2DLinear[3] = {65536, 65536, kMaxTexturePitch};

// The value of a cudaDeviceAttr, or empty for a number CUDA 13 does not define (reserved or out
// of range), which the runtime answers with cudaErrorInvalidValue. Capabilities the model does
// not have (mipmaps, peer access, ...) are 0, as on a device that lacks them, so a
// program that checks takes its fallback path or says it cannot run; a capability is 1 only when
// the stand-in implements what it promises, and a limit is the one it enforces.
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
