// CUDA arrays: allocation (arrays.h) and the copies into and out of them, each a sequence of row
// copies between the array and linear or host memory.
#include "cuda_runtime/stand_in/arrays.h"

#include <cstring>
#include <map>
#include <memory>
#include <vector>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/device_attributes.h"
#include "cuda_runtime/stand_in/stream_capture.h"

using namespace wf::cudart;

namespace wf::cudart {
namespace {

// Live arrays by handle. A handle is the address of its record, which the program only passes
// back; anything else it passes is not found.
std::map<const void*, std::unique_ptr<ArrayRecord>>& arrays() {
  static std::map<const void*, std::unique_ptr<ArrayRecord>> live;
  return live;
}

}  // namespace

const ArrayRecord* find_array(const void* handle) {
  auto it = arrays().find(handle);
  return it == arrays().end() ? nullptr : it->second.get();
}

std::uint32_t element_bytes(const CudaChannelFormatDesc& d) {
  const int bits[4] = {d.x, d.y, d.z, d.w};
  std::uint32_t total = 0;
  for (int b : bits) {
    if (b != 0 && b != 8 && b != 16 && b != 32) return 0;
    total += static_cast<std::uint32_t>(b) / 8;
  }
  return total == 3 || total == 6 || total == 12 ? 0 : total;
}

}  // namespace wf::cudart

namespace {

std::uint64_t address(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

// Whether the program's pointer `p` is device memory for a copy of direction `kind`, from the
// side it is on (`source`): mapped host memory is host memory whatever the program says, and
// cudaMemcpyDefault asks the allocations.
bool on_device(const void* p, int kind, bool source) {
  StandIn& s = StandIn::get();
  if (s.mapped_host_memory().contains(p)) return false;
  if (kind == kDefault) return s.is_device_pointer(p);
  return source ? (kind == kDeviceToHost || kind == kDeviceToDevice)
                : (kind == kHostToDevice || kind == kDeviceToDevice);
}

cudaError_t to_device(std::uint64_t dst, const void* src, std::uint64_t n, bool src_device) {
  WireWriter w;
  if (src_device) {
    w.put(dst).put(address(src)).put(n);
    return StandIn::get().call(Op::kCopyOnDevice, w).error;
  }
  w.put(dst).put_bytes(src, n);
  return StandIn::get().call(Op::kCopyToDevice, w).error;
}

cudaError_t from_device(void* dst, std::uint64_t src, std::uint64_t n, bool dst_device) {
  WireWriter w;
  if (dst_device) {
    w.put(address(dst)).put(src).put(n);
    return StandIn::get().call(Op::kCopyOnDevice, w).error;
  }
  w.put(src).put(n);
  const Reply r = StandIn::get().call(Op::kCopyToHost, w);
  if (r.error != kCudaSuccess) return r.error;
  const std::string_view data = r.reader().get_bytes();
  std::memcpy(dst, data.data(), n);
  return kCudaSuccess;
}

// The array sizes the device reports (device_attributes.h), by shape: 1D (no height), 2D, 3D,
// and layered 1D (no height, the layers in depth) or 2D; a gather array is 2D.
bool within_limits(const CudaExtent& e, unsigned flags) {
  auto le = [](std::size_t v, int limit) { return v <= static_cast<std::size_t>(limit); };
  if (flags & kArrayCubemap)
    return le(e.width, kMaxArrayCubemap) &&
           ((flags & kArrayLayered) == 0 || le(e.depth / 6, kMaxArrayCubemapLayers));
  if (flags & kArrayLayered) {
    if (e.height == 0)
      return le(e.width, kMaxArray1DLayered[0]) && le(e.depth, kMaxArray1DLayered[1]);
    return le(e.width, kMaxArray2DLayered[0]) && le(e.height, kMaxArray2DLayered[1]) &&
           le(e.depth, kMaxArray2DLayered[2]);
  }
  if (flags & kArrayTextureGather)
    return e.depth == 0 && le(e.width, kMaxArrayGather) && le(e.height, kMaxArrayGather);
  if (e.height == 0) return le(e.width, kMaxArray1D);
  if (e.depth == 0) return le(e.width, kMaxArray2D[0]) && le(e.height, kMaxArray2D[1]);
  return le(e.width, kMaxArray3D) && le(e.height, kMaxArray3D) && le(e.depth, kMaxArray3D);
}

cudaError_t allocate(cudaArray_t* out, const CudaChannelFormatDesc* desc, CudaExtent e,
                     unsigned flags) {
  if (!out || !desc) return record_error(kCudaErrorInvalidValue);
  const std::uint32_t eb = element_bytes(*desc);
  const bool layered = (flags & kArrayLayered) != 0;
  const bool cube = (flags & kArrayCubemap) != 0;
  // Layered arrays need their layer count in depth; others have no depth without a height. A
  // cube map has square faces, six per cube: a depth of 6, or a multiple of 6 if layered.
  const bool shape_ok =
      cube ? e.width == e.height && e.depth != 0 && e.depth % 6 == 0 && (layered || e.depth == 6)
      : layered ? e.depth != 0
                : !(e.height == 0 && e.depth != 0);
  if (eb == 0 || e.width == 0 || !shape_ok ||
      (flags &
       ~unsigned{kArrayLayered | kArrayCubemap | kArraySurfaceLoadStore | kArrayTextureGather}) ||
      (cube && (flags & kArrayTextureGather)))
    return record_error(kCudaErrorInvalidValue);
  if (!within_limits(e, flags)) return record_error(kCudaErrorInvalidValue);
  auto rec = std::make_unique<ArrayRecord>();
  rec->desc = *desc;
  rec->flags = flags;
  rec->extent = e;
  rec->element_bytes = eb;
  rec->row_pitch = e.width * eb;
  rec->slice_pitch = rec->row_pitch * rec->height();
  rec->bytes = rec->slice_pitch * rec->depth();
  // Sizes beyond what 64 bits hold cannot be allocated; refuse them before they wrap.
  if (rec->row_pitch / eb != e.width || rec->slice_pitch / rec->height() != rec->row_pitch ||
      rec->bytes / rec->depth() != rec->slice_pitch)
    return record_error(kCudaErrorMemoryAllocation);
  WireWriter w;
  w.put(std::uint64_t{rec->bytes}).put(static_cast<std::uint8_t>(MallocKind::kDevice));
  const Reply r = StandIn::get().call(Op::kMalloc, w);
  if (r.error != kCudaSuccess) {
    *out = nullptr;
    return record_error(r.error);
  }
  rec->address = r.reader().get<std::uint64_t>();
  auto* handle = reinterpret_cast<cudaArray_t>(rec.get());
  arrays().emplace(handle, std::move(rec));
  *out = handle;
  return kCudaSuccess;
}

// Copies `rows` rows of `width` bytes between an array, starting at byte `x` of row `y` (rows
// count across slices), and linear memory at `p` whose rows are `pitch` apart.
cudaError_t array_rows(const ArrayRecord& a, std::uint64_t x, std::uint64_t y, void* p,
                       std::uint64_t pitch, std::uint64_t width, std::uint64_t rows, bool to_array,
                       bool p_device) {
  if (width == 0 || rows == 0) return kCudaSuccess;
  if (!p) return kCudaErrorInvalidValue;
  const std::uint64_t all_rows = a.height() * a.depth();
  if (x > a.row_pitch || width > a.row_pitch - x || y > all_rows || rows > all_rows - y ||
      pitch < width)
    return kCudaErrorInvalidValue;
  auto* bytes = static_cast<std::uint8_t*>(p);
  const std::uint64_t at = a.address + y * a.row_pitch + x;
  if (x == 0 && width == a.row_pitch && pitch == width) {  // one contiguous block
    return to_array ? to_device(at, bytes, width * rows, p_device)
                    : from_device(bytes, at, width * rows, p_device);
  }
  for (std::uint64_t r = 0; r < rows; ++r) {
    const cudaError_t e =
        to_array ? to_device(at + r * a.row_pitch, bytes + r * pitch, width, p_device)
                 : from_device(bytes + r * pitch, at + r * a.row_pitch, width, p_device);
    if (e != kCudaSuccess) return e;
  }
  return kCudaSuccess;
}

// The two arrays of a copy between arrays, or the error the program gets (not yet recorded).
cudaError_t both_arrays(const void* dst, const void* src, int kind, const ArrayRecord*& d,
                        const ArrayRecord*& s) {
  d = find_array(dst);
  s = find_array(src);
  if (!d || !s) return kCudaErrorInvalidResourceHandle;
  if (kind < kHostToHost || kind > kDefault) return kCudaErrorInvalidMemcpyDirection;
  return kCudaSuccess;
}

// Copies `rows` rows of `width` bytes from array `s` to array `d` on the device, each side
// starting at byte x of row y (rows count across slices).
cudaError_t array_to_array(const ArrayRecord& d, std::uint64_t dx, std::uint64_t dy,
                           const ArrayRecord& s, std::uint64_t sx, std::uint64_t sy,
                           std::uint64_t width, std::uint64_t rows) {
  if (width == 0 || rows == 0) return kCudaSuccess;
  auto fits = [&](const ArrayRecord& a, std::uint64_t x, std::uint64_t y) {
    const std::uint64_t all_rows = a.height() * a.depth();
    return x <= a.row_pitch && width <= a.row_pitch - x && y <= all_rows && rows <= all_rows - y;
  };
  if (!fits(d, dx, dy) || !fits(s, sx, sy)) return kCudaErrorInvalidValue;
  for (std::uint64_t r = 0; r < rows; ++r) {
    WireWriter w;
    w.put(d.address + (dy + r) * d.row_pitch + dx).put(s.address + (sy + r) * s.row_pitch + sx);
    w.put(width);
    if (const cudaError_t e = StandIn::get().call(Op::kCopyOnDevice, w).error; e != kCudaSuccess)
      return e;
  }
  return kCudaSuccess;
}

cudaError_t copy_2d(cudaArray_const_t array, std::uint64_t x, std::uint64_t y, void* p,
                    std::uint64_t pitch, std::uint64_t width, std::uint64_t rows, int kind,
                    bool to_array) {
  auto lock = lock_device();
  const ArrayRecord* a = find_array(array);
  if (!a) return record_error(kCudaErrorInvalidResourceHandle);
  if (kind < kHostToHost || kind > kDefault) return record_error(kCudaErrorInvalidMemcpyDirection);
  return record_error(
      array_rows(*a, x, y, p, pitch, width, rows, to_array, on_device(p, kind, to_array)));
}

// cudaMemcpyToArray/FromArray: `count` bytes from byte `x` of row `y` on, continuing row after
// row, which in the model's unpadded layout is one contiguous range.
cudaError_t copy_linear(cudaArray_const_t array, std::uint64_t x, std::uint64_t y, void* p,
                        std::uint64_t count, int kind, bool to_array) {
  auto lock = lock_device();
  const ArrayRecord* a = find_array(array);
  if (!a) return record_error(kCudaErrorInvalidResourceHandle);
  if (kind < kHostToHost || kind > kDefault) return record_error(kCudaErrorInvalidMemcpyDirection);
  if (count == 0) return kCudaSuccess;
  const std::uint64_t start = y * a->row_pitch + x;
  if (!p || x >= a->row_pitch || y >= a->height() * a->depth() || count > a->bytes - start)
    return record_error(kCudaErrorInvalidValue);
  const bool dev = on_device(p, kind, to_array);
  return record_error(to_array ? to_device(a->address + start, p, count, dev)
                               : from_device(p, a->address + start, count, dev));
}

}  // namespace

WF_CUDART_API cudaError_t cudaMallocArray(cudaArray_t* array, const CudaChannelFormatDesc* desc,
                                          std::size_t width, std::size_t height, unsigned flags) {
  auto lock = lock_device();
  if (flags & kArrayLayered) return record_error(kCudaErrorInvalidValue);
  return allocate(array, desc, CudaExtent{width, height, 0}, flags);
}

WF_CUDART_API cudaError_t cudaMalloc3DArray(cudaArray_t* array, const CudaChannelFormatDesc* desc,
                                            CudaExtent extent, unsigned flags) {
  auto lock = lock_device();
  return allocate(array, desc, extent, flags);
}

WF_CUDART_API cudaError_t cudaFreeArray(cudaArray_t array) {
  auto lock = lock_device();
  if (!array) return kCudaSuccess;
  auto it = arrays().find(array);
  if (it == arrays().end()) return record_error(kCudaErrorInvalidValue);
  WireWriter w;
  w.put(it->second->address);
  const cudaError_t e = StandIn::get().call(Op::kFree, w).error;
  arrays().erase(it);
  return record_error(e);
}

WF_CUDART_API cudaError_t cudaArrayGetInfo(CudaChannelFormatDesc* desc, CudaExtent* extent,
                                           unsigned* flags, cudaArray_t array) {
  auto lock = lock_device();
  const ArrayRecord* a = find_array(array);
  if (!a) return record_error(kCudaErrorInvalidResourceHandle);
  if (desc) *desc = a->desc;
  if (extent) *extent = a->extent;
  if (flags) *flags = a->flags;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGetChannelDesc(CudaChannelFormatDesc* desc, cudaArray_const_t array) {
  auto lock = lock_device();
  const ArrayRecord* a = find_array(array);
  if (!a) return record_error(kCudaErrorInvalidResourceHandle);
  if (!desc) return record_error(kCudaErrorInvalidValue);
  *desc = a->desc;
  return kCudaSuccess;
}

WF_CUDART_API CudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, int f) {
  return CudaChannelFormatDesc{x, y, z, w, f};
}

WF_CUDART_API cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, std::size_t w_offset,
                                              std::size_t h_offset, const void* src,
                                              std::size_t spitch, std::size_t width,
                                              std::size_t height, int kind) {
  return copy_2d(dst, w_offset, h_offset, const_cast<void*>(src), spitch, width, height, kind,
                 true);
}
// Copies to and from arrays are not captured: refused in a capturing stream.
WF_CUDART_API cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, std::size_t w_offset,
                                                   std::size_t h_offset, const void* src,
                                                   std::size_t spitch, std::size_t width,
                                                   std::size_t height, int kind,
                                                   cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(stream, nullptr, &e)) return e;
  return cudaMemcpy2DToArray(dst, w_offset, h_offset, src, spitch, width, height, kind);
}
WF_CUDART_API cudaError_t cudaMemcpy2DFromArray(void* dst, std::size_t dpitch,
                                                cudaArray_const_t src, std::size_t w_offset,
                                                std::size_t h_offset, std::size_t width,
                                                std::size_t height, int kind) {
  return copy_2d(src, w_offset, h_offset, dst, dpitch, width, height, kind, false);
}
WF_CUDART_API cudaError_t cudaMemcpy2DFromArrayAsync(void* dst, std::size_t dpitch,
                                                     cudaArray_const_t src, std::size_t w_offset,
                                                     std::size_t h_offset, std::size_t width,
                                                     std::size_t height, int kind,
                                                     cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(stream, nullptr, &e)) return e;
  return cudaMemcpy2DFromArray(dst, dpitch, src, w_offset, h_offset, width, height, kind);
}
WF_CUDART_API cudaError_t cudaMemcpyToArray(cudaArray_t dst, std::size_t w_offset,
                                            std::size_t h_offset, const void* src,
                                            std::size_t count, int kind) {
  return copy_linear(dst, w_offset, h_offset, const_cast<void*>(src), count, kind, true);
}
WF_CUDART_API cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, std::size_t w_offset,
                                                 std::size_t h_offset, const void* src,
                                                 std::size_t count, int kind, cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(stream, nullptr, &e)) return e;
  return cudaMemcpyToArray(dst, w_offset, h_offset, src, count, kind);
}
WF_CUDART_API cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src,
                                              std::size_t w_offset, std::size_t h_offset,
                                              std::size_t count, int kind) {
  return copy_linear(src, w_offset, h_offset, dst, count, kind, false);
}
WF_CUDART_API cudaError_t cudaMemcpyFromArrayAsync(void* dst, cudaArray_const_t src,
                                                   std::size_t w_offset, std::size_t h_offset,
                                                   std::size_t count, int kind,
                                                   cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(stream, nullptr, &e)) return e;
  return cudaMemcpyFromArray(dst, src, w_offset, h_offset, count, kind);
}

// Between two arrays the copy is the device's, whatever `kind` says: offsets and widths in bytes,
// heights in rows.
WF_CUDART_API cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, std::size_t w_offset_dst,
                                                   std::size_t h_offset_dst, cudaArray_const_t src,
                                                   std::size_t w_offset_src,
                                                   std::size_t h_offset_src, std::size_t width,
                                                   std::size_t height, int kind) {
  auto lock = lock_device();
  const ArrayRecord *d = nullptr, *s = nullptr;
  if (const cudaError_t e = both_arrays(dst, src, kind, d, s); e != kCudaSuccess)
    return record_error(e);
  return record_error(array_to_array(*d, w_offset_dst, h_offset_dst, *s, w_offset_src, h_offset_src,
                                     width, height));
}
// `count` bytes on from each position, row after row: one contiguous range on each side in the
// model's unpadded layout.
WF_CUDART_API cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, std::size_t w_offset_dst,
                                                 std::size_t h_offset_dst, cudaArray_const_t src,
                                                 std::size_t w_offset_src, std::size_t h_offset_src,
                                                 std::size_t count, int kind) {
  auto lock = lock_device();
  const ArrayRecord *d = nullptr, *s = nullptr;
  if (const cudaError_t e = both_arrays(dst, src, kind, d, s); e != kCudaSuccess)
    return record_error(e);
  if (count == 0) return kCudaSuccess;
  const std::uint64_t d_start = h_offset_dst * d->row_pitch + w_offset_dst;
  const std::uint64_t s_start = h_offset_src * s->row_pitch + w_offset_src;
  if (w_offset_dst >= d->row_pitch || w_offset_src >= s->row_pitch || d_start >= d->bytes ||
      s_start >= s->bytes || count > d->bytes - d_start || count > s->bytes - s_start)
    return record_error(kCudaErrorInvalidValue);
  WireWriter w;
  w.put(d->address + d_start).put(s->address + s_start).put(std::uint64_t{count});
  return record_error(StandIn::get().call(Op::kCopyOnDevice, w).error);
}

namespace wf::cudart {

// Positions and the extent's width count elements of the array; the linear side's position x is
// in bytes, as CUDA defines it.
cudaError_t copy_3d_array(const CudaMemcpy3DParms& p) {
  if (p.srcArray && p.dstArray) {
    const ArrayRecord *d = nullptr, *s = nullptr;
    if (const cudaError_t e = both_arrays(p.dstArray, p.srcArray, p.kind, d, s); e != kCudaSuccess)
      return record_error(e);
    // Positions and widths in elements; the two arrays' elements must be the same size.
    const CudaExtent& e = p.extent;
    if (e.width == 0 || e.height == 0 || e.depth == 0) return kCudaSuccess;
    if (d->element_bytes != s->element_bytes || p.dstPos.z > d->depth() ||
        e.depth > d->depth() - p.dstPos.z || p.srcPos.z > s->depth() ||
        e.depth > s->depth() - p.srcPos.z || p.dstPos.y > d->height() ||
        e.height > d->height() - p.dstPos.y || p.srcPos.y > s->height() ||
        e.height > s->height() - p.srcPos.y)
      return record_error(kCudaErrorInvalidValue);
    for (std::uint64_t z = 0; z < e.depth; ++z) {
      const cudaError_t err = array_to_array(
          *d, p.dstPos.x * d->element_bytes, (p.dstPos.z + z) * d->height() + p.dstPos.y, *s,
          p.srcPos.x * s->element_bytes, (p.srcPos.z + z) * s->height() + p.srcPos.y,
          e.width * d->element_bytes, e.height);
      if (err != kCudaSuccess) return record_error(err);
    }
    return kCudaSuccess;
  }
  const bool to_array = p.dstArray != nullptr;
  const ArrayRecord* a = find_array(to_array ? p.dstArray : p.srcArray);
  if (!a) return record_error(kCudaErrorInvalidResourceHandle);
  if (p.kind < kHostToHost || p.kind > kDefault)
    return record_error(kCudaErrorInvalidMemcpyDirection);
  const CudaPos& ap = to_array ? p.dstPos : p.srcPos;
  const CudaPos& lp = to_array ? p.srcPos : p.dstPos;
  const CudaPitchedPtr& lin = to_array ? p.srcPtr : p.dstPtr;
  const CudaExtent& e = p.extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0) return kCudaSuccess;
  if (ap.z > a->depth() || e.depth > a->depth() - ap.z || ap.y > a->height() ||
      e.height > a->height() - ap.y || !lin.ptr)
    return record_error(kCudaErrorInvalidValue);
  const std::uint64_t width = e.width * a->element_bytes;
  const std::uint64_t lin_rows = lin.ysize ? lin.ysize : e.height;
  auto* base = static_cast<std::uint8_t*>(lin.ptr);
  const bool dev = on_device(lin.ptr, p.kind, to_array);
  for (std::uint64_t z = 0; z < e.depth; ++z) {
    std::uint8_t* slice = base + ((lp.z + z) * lin_rows + lp.y) * lin.pitch + lp.x;
    const cudaError_t err = array_rows(*a, ap.x * a->element_bytes, (ap.z + z) * a->height() + ap.y,
                                       slice, lin.pitch, width, e.height, to_array, dev);
    if (err != kCudaSuccess) return record_error(err);
  }
  return kCudaSuccess;
}

}  // namespace wf::cudart
