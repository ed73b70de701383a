// CUDA arrays (cudaMallocArray, cudaMalloc3DArray): each is one device allocation whose
// elements lie row after row, rows slice after slice, without padding. A GPU lays arrays out in
// a block-linear (tiled) order that keeps 2D neighbours on the same lines; the model's row-major
// layout is what texture fetches and surface accesses address, so 2D locality in the L1 is
// what a pitch-linear texture would have, not a tiled one.
#pragma once

#include <cstdint>

#include "cuda_runtime/stand_in/cuda_abi.h"
#include "cuda_runtime/stand_in/cuda_abi_texture.h"

namespace wf::cudart {

struct ArrayRecord {
  std::uint64_t address = 0;
  CudaChannelFormatDesc desc{};
  unsigned flags = 0;
  CudaExtent extent{};  // as the program gave it: 0 for a dimension the array lacks
  std::uint32_t element_bytes = 0;
  std::uint64_t row_pitch = 0, slice_pitch = 0, bytes = 0;
  std::uint64_t height() const { return extent.height ? extent.height : 1; }
  std::uint64_t depth() const { return extent.depth ? extent.depth : 1; }
};

// The live array a handle names, or null. The caller holds the device lock.
const ArrayRecord* find_array(const void* handle);

// The bytes of one element of a channel format, or 0 when the model cannot hold it.
std::uint32_t element_bytes(const CudaChannelFormatDesc& d);

// cudaMemcpy3D between a CUDA array and linear or host memory, either way, or between two arrays
// of one element size. The caller holds the device lock; records and returns the error.
cudaError_t copy_3d_array(const CudaMemcpy3DParms& p);

}  // namespace wf::cudart
