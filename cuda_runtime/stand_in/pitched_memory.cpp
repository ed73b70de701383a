// Pitched and 2D/3D linear memory: cudaMallocPitch, cudaMalloc3D, cudaMemcpy2D/3D and
// cudaMemset2D/3D (the async forms are synchronous on a single in-order device). Each row is one
// copy or memset of the stand-in's (memory_ops.h); a row that is the whole pitch on both sides
// joins its neighbours. cudaMemcpy3D to or from a CUDA array is arrays.cpp's.
#include <cstdint>
#include <limits>
#include <string>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/arrays.h"
#include "cuda_runtime/stand_in/device_attributes.h"
#include "cuda_runtime/stand_in/memory_ops.h"
#include "cuda_runtime/stand_in/stream_capture.h"
#include "cuda_runtime/stand_in/stream_work.h"

using namespace wf::cudart;

namespace {

constexpr cudaError_t kInvalidPitchValue = 12;

// The pitch of a row of `width` bytes: a multiple of the device's texture alignment (512 bytes,
// cudaDevAttrTextureAlignment), so that every row starts where a texture may and the pitch is
// one cudaDevAttrTexturePitchAlignment (32) accepts. Empty when it does not fit 64 bits.
bool pitch_of(std::size_t width, std::size_t* pitch) {
  const std::size_t align = static_cast<std::size_t>(kTextureAlignment);
  if (width > std::numeric_limits<std::size_t>::max() - (align - 1)) return false;
  *pitch = (width + align - 1) / align * align;
  return true;
}

bool multiply(std::size_t a, std::size_t b, std::size_t* product) {
  return !__builtin_mul_overflow(a, b, product);
}

// pitch x rows bytes of device memory for a pitched allocation; a size that overflows is one the
// device cannot hold.
cudaError_t allocate_pitched(void** p, std::size_t* pitch, std::size_t width, std::size_t rows) {
  std::size_t bytes = 0;
  if (!pitch_of(width, pitch) || !multiply(*pitch, rows, &bytes))
    bytes = std::numeric_limits<std::size_t>::max();
  return cudaMalloc(p, bytes);
}

struct Pitched {
  char* ptr;
  std::size_t pitch, rows_per_slice;
};

// `height` rows of `width` bytes in each of `depth` slices.
cudaError_t copy_rows(Pitched dst, Pitched src, std::size_t width, std::size_t height,
                      std::size_t depth, int kind) {
  if (width == 0 || height == 0 || depth == 0) return kCudaSuccess;
  if (width > dst.pitch || width > src.pitch) return record_error(kInvalidPitchValue);
  const std::size_t max_pitch = static_cast<std::size_t>(kMaxPitch);
  if (dst.pitch > max_pitch || src.pitch > max_pitch) return record_error(kInvalidPitchValue);
  if (!dst.ptr || !src.ptr) return record_error(kCudaErrorInvalidValue);
  // Whole slices at once when rows are contiguous on both sides.
  const bool contiguous =
      width == dst.pitch && width == src.pitch &&
      (depth == 1 || (dst.rows_per_slice == height && src.rows_per_slice == height));
  std::size_t area = 0, bytes = 0;
  if (!multiply(width, height, &area) || !multiply(area, depth, &bytes))
    return record_error(kCudaErrorInvalidValue);
  if (contiguous) return copy_memory(dst.ptr, src.ptr, bytes, kind);
  for (std::size_t z = 0; z < depth; ++z) {
    for (std::size_t y = 0; y < height; ++y) {
      const cudaError_t e =
          copy_memory(dst.ptr + (z * dst.rows_per_slice + y) * dst.pitch,
                      src.ptr + (z * src.rows_per_slice + y) * src.pitch, width, kind);
      if (e != kCudaSuccess) return e;
    }
  }
  return kCudaSuccess;
}

cudaError_t set_rows(Pitched dst, int value, std::size_t width, std::size_t height,
                     std::size_t depth) {
  if (width == 0 || height == 0 || depth == 0) return kCudaSuccess;
  if (width > dst.pitch) return record_error(kCudaErrorInvalidValue);
  if (!dst.ptr) return record_error(kCudaErrorInvalidValue);
  std::size_t area = 0, bytes = 0;
  if (!multiply(width, height, &area) || !multiply(area, depth, &bytes))
    return record_error(kCudaErrorInvalidValue);
  if (width == dst.pitch && (depth == 1 || dst.rows_per_slice == height))
    return set_memory(dst.ptr, value, bytes);
  for (std::size_t z = 0; z < depth; ++z) {
    for (std::size_t y = 0; y < height; ++y) {
      const cudaError_t e =
          set_memory(dst.ptr + (z * dst.rows_per_slice + y) * dst.pitch, value, width);
      if (e != kCudaSuccess) return e;
    }
  }
  return kCudaSuccess;
}

cudaError_t copy_2d(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                    std::size_t width, std::size_t height, int kind) {
  auto lock = lock_device();
  return copy_rows({static_cast<char*>(dst), dpitch, height},
                   {static_cast<char*>(const_cast<void*>(src)), spitch, height}, width, height, 1,
                   kind);
}

cudaError_t set_2d(void* dst, std::size_t pitch, int value, std::size_t width, std::size_t height) {
  auto lock = lock_device();
  return set_rows({static_cast<char*>(dst), pitch, height}, value, width, height, 1);
}

}  // namespace

namespace {

// The byte at `pos` of a pitched range (x in bytes, y rows, z slices of ysize rows).
char* at(const CudaPitchedPtr& p, const CudaPos& pos) {
  return static_cast<char*>(p.ptr) + (pos.z * p.ysize + pos.y) * p.pitch + pos.x;
}

cudaError_t copy_3d(const CudaMemcpy3DParms* p) {
  auto lock = lock_device();
  if (!p) return record_error(kCudaErrorInvalidValue);
  if (p->srcArray || p->dstArray) return copy_3d_array(*p);
  const CudaExtent& e = p->extent;
  if (p->srcPos.x > p->srcPtr.pitch || e.width > p->srcPtr.pitch - p->srcPos.x ||
      p->dstPos.x > p->dstPtr.pitch || e.width > p->dstPtr.pitch - p->dstPos.x)
    return record_error(kCudaErrorInvalidValue);
  // A slice spans ysize rows; a copy taller than that would run into the next slice.
  if (e.depth > 1 &&
      (p->srcPos.y + e.height > p->srcPtr.ysize || p->dstPos.y + e.height > p->dstPtr.ysize))
    return record_error(kCudaErrorInvalidValue);
  return copy_rows({at(p->dstPtr, p->dstPos), p->dstPtr.pitch, p->dstPtr.ysize},
                   {at(p->srcPtr, p->srcPos), p->srcPtr.pitch, p->srcPtr.ysize}, e.width, e.height,
                   e.depth, p->kind);
}

cudaError_t set_3d(CudaPitchedPtr p, int value, CudaExtent e) {
  auto lock = lock_device();
  if (e.depth > 1 && e.height > p.ysize) return record_error(kCudaErrorInvalidValue);
  return set_rows({static_cast<char*>(p.ptr), p.pitch, p.ysize}, value, e.width, e.height, e.depth);
}

}  // namespace

WF_CUDART_API cudaError_t cudaMallocPitch(void** p, std::size_t* pitch, std::size_t width,
                                          std::size_t height) {
  if (!p || !pitch) return record_error(kCudaErrorInvalidValue);
  return allocate_pitched(p, pitch, width, height);
}

WF_CUDART_API cudaError_t cudaMalloc3D(CudaPitchedPtr* out, CudaExtent e) {
  if (!out) return record_error(kCudaErrorInvalidValue);
  std::size_t rows = 0, pitch = 0;
  if (!multiply(e.height, e.depth, &rows)) rows = std::numeric_limits<std::size_t>::max();
  void* p = nullptr;
  const cudaError_t error = allocate_pitched(&p, &pitch, e.width, rows);
  if (error != kCudaSuccess) return error;
  *out = {p, pitch, e.width, e.height};
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src,
                                       std::size_t spitch, std::size_t width, std::size_t height,
                                       int kind) {
  if (const cudaError_t e = check_synchronous_call(); e != kCudaSuccess) return e;
  return copy_2d(dst, dpitch, src, spitch, width, height, kind);
}
WF_CUDART_API cudaError_t cudaMemcpy2D_ptds(void* dst, std::size_t dpitch, const void* src,
                                            std::size_t spitch, std::size_t width,
                                            std::size_t height, int kind) {
  if (const cudaError_t e = check_synchronous_call(kStreamPerThread); e != kCudaSuccess) return e;
  return copy_2d(dst, dpitch, src, spitch, width, height, kind);
}
// Captured as a memcpy node of the 3D copy it is.
WF_CUDART_API cudaError_t cudaMemcpy2DAsync(void* dst, std::size_t dpitch, const void* src,
                                            std::size_t spitch, std::size_t width,
                                            std::size_t height, int kind, cudaStream_t stream) {
  CudaMemcpy3DParms p{};
  p.srcPtr = {const_cast<void*>(src), spitch, width, height};
  p.dstPtr = {dst, dpitch, width, height};
  p.extent = {width, height, 1};
  p.kind = kind;
  cudaError_t e = kCudaSuccess;
  if (captured(
          stream, [&](CudaGraphNode& n) -> cudaError_t { return make_copy_node(n, p); }, &e))
    return e;
  return copy_2d(dst, dpitch, src, spitch, width, height, kind);
}
WF_CUDART_API cudaError_t cudaMemcpy2DAsync_ptsz(void* dst, std::size_t dpitch, const void* src,
                                                 std::size_t spitch, std::size_t width,
                                                 std::size_t height, int kind,
                                                 cudaStream_t stream) {
  return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, per_thread(stream));
}

WF_CUDART_API cudaError_t cudaMemset2D(void* dst, std::size_t pitch, int value, std::size_t width,
                                       std::size_t height) {
  if (const cudaError_t e = check_synchronous_call(); e != kCudaSuccess) return e;
  return set_2d(dst, pitch, value, width, height);
}
WF_CUDART_API cudaError_t cudaMemset2D_ptds(void* dst, std::size_t pitch, int value,
                                            std::size_t width, std::size_t height) {
  if (const cudaError_t e = check_synchronous_call(kStreamPerThread); e != kCudaSuccess) return e;
  return set_2d(dst, pitch, value, width, height);
}
WF_CUDART_API cudaError_t cudaMemset2DAsync(void* dst, std::size_t pitch, int value,
                                            std::size_t width, std::size_t height,
                                            cudaStream_t stream) {
  cudaError_t e = kCudaSuccess;
  const auto node = [&](CudaGraphNode& n) -> cudaError_t {
    make_memset_node(n, dst, pitch, value, width, height);
    return kCudaSuccess;
  };
  if (captured(stream, node, &e)) return e;
  return set_2d(dst, pitch, value, width, height);
}
WF_CUDART_API cudaError_t cudaMemset2DAsync_ptsz(void* dst, std::size_t pitch, int value,
                                                 std::size_t width, std::size_t height,
                                                 cudaStream_t stream) {
  return cudaMemset2DAsync(dst, pitch, value, width, height, per_thread(stream));
}

WF_CUDART_API cudaError_t cudaMemcpy3D(const CudaMemcpy3DParms* p) {
  if (const cudaError_t e = check_synchronous_call(); e != kCudaSuccess) return e;
  return copy_3d(p);
}
WF_CUDART_API cudaError_t cudaMemcpy3D_ptds(const CudaMemcpy3DParms* p) {
  if (const cudaError_t e = check_synchronous_call(kStreamPerThread); e != kCudaSuccess) return e;
  return copy_3d(p);
}
WF_CUDART_API cudaError_t cudaMemcpy3DAsync(const CudaMemcpy3DParms* p, cudaStream_t stream) {
  cudaError_t e = kCudaSuccess;
  const auto node = [&](CudaGraphNode& n) -> cudaError_t {
    return p ? make_copy_node(n, *p) : record_error(kCudaErrorInvalidValue);
  };
  if (captured(stream, node, &e)) return e;
  return copy_3d(p);
}
WF_CUDART_API cudaError_t cudaMemcpy3DAsync_ptsz(const CudaMemcpy3DParms* p, cudaStream_t stream) {
  return cudaMemcpy3DAsync(p, per_thread(stream));
}

WF_CUDART_API cudaError_t cudaMemset3D(CudaPitchedPtr p, int value, CudaExtent e) {
  if (const cudaError_t error = check_synchronous_call(); error != kCudaSuccess) return error;
  return set_3d(p, value, e);
}
WF_CUDART_API cudaError_t cudaMemset3D_ptds(CudaPitchedPtr p, int value, CudaExtent e) {
  if (const cudaError_t error = check_synchronous_call(kStreamPerThread); error != kCudaSuccess)
    return error;
  return set_3d(p, value, e);
}
// A memset node is two-dimensional: a 3D memset is not captured (refused in a capturing stream).
WF_CUDART_API cudaError_t cudaMemset3DAsync(CudaPitchedPtr p, int value, CudaExtent e,
                                            cudaStream_t stream) {
  if (cudaError_t error = kCudaSuccess; captured(stream, nullptr, &error)) return error;
  return set_3d(p, value, e);
}
WF_CUDART_API cudaError_t cudaMemset3DAsync_ptsz(CudaPitchedPtr p, int value, CudaExtent e,
                                                 cudaStream_t stream) {
  return cudaMemset3DAsync(p, value, e, per_thread(stream));
}

cudaError_t wf::cudart::run_copy_3d(const CudaMemcpy3DParms& p) {
  return copy_3d(&p);
}

cudaError_t wf::cudart::run_memset_2d(void* dst, std::size_t pitch, int value, std::size_t width,
                                      std::size_t height) {
  return set_2d(dst, pitch, value, width, height);
}
