// Texture and surface objects. Creating one writes its descriptor (sim_model/ptx/
// texture_descriptor.h) into a device allocation of its own, whose address is the handle the
// program passes to its kernels; the executor reads the descriptor there. The descriptions the
// program gave are kept here for cudaGetTextureObject*Desc. What the model cannot sample (sRGB,
// mipmaps, resource views, formats texture_sampling.h refuses) ends the run with one line naming
// it, rather than fetching something else.
#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/arrays.h"
#include "cuda_runtime/stand_in/device_attributes.h"
#include "sim_model/ptx/texture_descriptor.h"

using namespace wf::cudart;
namespace ptx = wf::ptx;

namespace {

struct ObjectRecord {
  CudaResourceDesc resource{};
  CudaTextureDesc texture{};
};

std::map<std::uint64_t, ObjectRecord>& objects(bool surface) {
  static std::map<std::uint64_t, ObjectRecord> textures, surfaces;
  return surface ? surfaces : textures;
}

constexpr std::uint64_t kPitchAlignment = kTexturePitchAlignment;

bool set_format(ptx::TextureDescriptor& d, const CudaChannelFormatDesc& f) {
  const std::uint32_t bytes = element_bytes(f);
  if (bytes == 0) return false;
  const int bits[4] = {f.x, f.y, f.z, f.w};
  for (unsigned k = 0; k < 4; ++k) d.channel_bits[k] = static_cast<std::uint32_t>(bits[k]);
  d.channel_kind = static_cast<std::uint32_t>(f.f);
  d.texel_bytes = bytes;
  return true;
}

// The descriptor of a resource, or an error for the program (a bad handle or value).
cudaError_t describe(const CudaResourceDesc& r, const char* api, bool surface,
                     ptx::TextureDescriptor& d) {
  StandIn& s = StandIn::get();
  d.resource = static_cast<std::uint32_t>(r.resType);
  switch (r.resType) {
    case kResourceArray: {
      const ArrayRecord* a = find_array(r.res.array.array);
      if (!a) return kCudaErrorInvalidResourceHandle;
      set_format(d, a->desc);
      d.base = a->address;
      d.row_pitch = a->row_pitch;
      d.slice_pitch = a->slice_pitch;
      d.width = static_cast<std::uint32_t>(a->extent.width);
      d.height = static_cast<std::uint32_t>(a->height());
      d.depth = static_cast<std::uint32_t>(a->depth());
      d.cubemap = (a->flags & kArrayCubemap) ? 1 : 0;
      d.layered = (a->flags & kArrayLayered) || d.cubemap ? 1 : 0;
      if (d.layered && a->extent.height == 0) {
        // A 1D layered array: each layer is one row.
        d.slice_pitch = a->row_pitch;
      }
      return kCudaSuccess;
    }
    case kResourceMipmappedArray:
      s.host_error(std::string(api) + ": mipmapped arrays are not modelled");
    case kResourceLinear: {
      if (surface) return kCudaErrorInvalidValue;
      const auto& l = r.res.linear;
      if (!l.devPtr || !set_format(d, l.desc)) return kCudaErrorInvalidValue;
      const std::uint64_t base = reinterpret_cast<std::uintptr_t>(l.devPtr);
      if (base % d.texel_bytes != 0 || l.sizeInBytes < d.texel_bytes ||
          l.sizeInBytes / d.texel_bytes > std::uint64_t{kMaxTexture1DLinear})
        return kCudaErrorInvalidValue;
      d.base = base;
      d.width = static_cast<std::uint32_t>(l.sizeInBytes / d.texel_bytes);
      d.row_pitch = d.slice_pitch = l.sizeInBytes;
      return kCudaSuccess;
    }
    case kResourcePitch2D: {
      if (surface) return kCudaErrorInvalidValue;
      const auto& p = r.res.pitch2D;
      if (!p.devPtr || !set_format(d, p.desc)) return kCudaErrorInvalidValue;
      const std::uint64_t base = reinterpret_cast<std::uintptr_t>(p.devPtr);
      if (base % kPitchAlignment != 0 || p.pitchInBytes % kPitchAlignment != 0 || p.width == 0 ||
          p.height == 0 || p.width * d.texel_bytes > p.pitchInBytes ||
          p.width > std::uint64_t{kMaxTexture2DLinear[0]} ||
          p.height > std::uint64_t{kMaxTexture2DLinear[1]} ||
          p.pitchInBytes > std::uint64_t{kMaxTexture2DLinear[2]})
        return kCudaErrorInvalidValue;
      d.base = base;
      d.width = static_cast<std::uint32_t>(p.width);
      d.height = static_cast<std::uint32_t>(p.height);
      d.row_pitch = p.pitchInBytes;
      d.slice_pitch = p.pitchInBytes * p.height;
      return kCudaSuccess;
    }
    default:
      return kCudaErrorInvalidValue;
  }
}

// Allocates the descriptor's device memory and writes it there; its address is the handle.
cudaError_t place(const ptx::TextureDescriptor& d, std::uint64_t& handle) {
  StandIn& s = StandIn::get();
  WireWriter w;
  w.put(std::uint64_t{ptx::kTextureDescriptorBytes}).put(std::uint8_t{0});
  const Reply r = s.call(Op::kMalloc, w);
  if (r.error != kCudaSuccess) return r.error;
  handle = r.reader().get<std::uint64_t>();
  WireWriter c;
  c.put(handle).put_bytes(&d, sizeof d);
  return s.call(Op::kCopyToDevice, c).error;
}

cudaError_t destroy(std::uint64_t handle, bool surface) {
  auto lock = lock_device();
  if (handle == 0) return kCudaSuccess;
  auto it = objects(surface).find(handle);
  if (it == objects(surface).end()) return record_error(kCudaErrorInvalidValue);
  objects(surface).erase(it);
  WireWriter w;
  w.put(handle);
  return record_error(StandIn::get().call(Op::kFree, w).error);
}

}  // namespace

WF_CUDART_API cudaError_t cudaCreateTextureObject(cudaTextureObject_t* out,
                                                  const CudaResourceDesc* res,
                                                  const CudaTextureDesc* tex, const void* view) {
  auto lock = lock_device();
  constexpr const char* kApi = "cudaCreateTextureObject";
  StandIn& s = StandIn::get();
  if (!out || !res || !tex) return record_error(kCudaErrorInvalidValue);
  if (view) s.host_error(std::string(kApi) + ": resource views are not modelled");
  if (tex->sRGB) s.host_error(std::string(kApi) + ": sRGB-to-linear conversion is not modelled");
  ptx::TextureDescriptor d;
  d.magic = ptx::kTextureMagic;
  const cudaError_t e = describe(*res, kApi, false, d);
  if (e != kCudaSuccess) return record_error(e);
  for (unsigned k = 0; k < 3; ++k)
    d.address_mode[k] = static_cast<std::uint32_t>(tex->addressMode[k]);
  d.filter_linear = tex->filterMode == 1;
  d.read_normalized = tex->readMode == 1;
  d.normalized_coords = tex->normalizedCoords != 0;
  for (unsigned k = 0; k < 4; ++k) d.border[k] = tex->borderColor[k];
  // Seamless cube maps ignore the address modes: point sampling clamps; linear filtering along
  // a face's border blends texels of the neighbouring faces, which the model does not do.
  if (tex->seamlessCubemap) {
    if (!d.cubemap) return record_error(kCudaErrorInvalidValue);
    if (d.filter_linear)
      s.host_error(std::string(kApi) +
                   ": seamless cube map filtering (linear filtering across faces) is not modelled");
    for (auto& m : d.address_mode) m = static_cast<std::uint32_t>(ptx::AddressMode::kClamp);
  }
  if (res->resType == kResourceLinear) {
    // Linear memory has no addressing modes (tex1Dfetch): an index outside it reads zeros.
    for (auto& m : d.address_mode) m = static_cast<std::uint32_t>(ptx::AddressMode::kBorder);
    for (auto& b : d.border) b = 0;
  }
  if (const char* why = ptx::unsupported(d))
    s.host_error(std::string(kApi) + ": " + why + " is not supported");
  std::uint64_t handle = 0;
  if (const cudaError_t pe = place(d, handle); pe != kCudaSuccess) return record_error(pe);
  objects(false)[handle] = ObjectRecord{*res, *tex};
  *out = handle;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaDestroyTextureObject(cudaTextureObject_t t) {
  return destroy(t, false);
}

WF_CUDART_API cudaError_t cudaGetTextureObjectResourceDesc(CudaResourceDesc* out,
                                                           cudaTextureObject_t t) {
  auto lock = lock_device();
  auto it = objects(false).find(t);
  if (!out || it == objects(false).end()) return record_error(kCudaErrorInvalidValue);
  *out = it->second.resource;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGetTextureObjectTextureDesc(CudaTextureDesc* out,
                                                          cudaTextureObject_t t) {
  auto lock = lock_device();
  auto it = objects(false).find(t);
  if (!out || it == objects(false).end()) return record_error(kCudaErrorInvalidValue);
  *out = it->second.texture;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* out,
                                                  const CudaResourceDesc* res) {
  auto lock = lock_device();
  if (!out || !res || res->resType != kResourceArray) return record_error(kCudaErrorInvalidValue);
  ptx::TextureDescriptor d;
  d.magic = ptx::kSurfaceMagic;
  const cudaError_t e = describe(*res, "cudaCreateSurfaceObject", true, d);
  if (e != kCudaSuccess) return record_error(e);
  std::uint64_t handle = 0;
  if (const cudaError_t pe = place(d, handle); pe != kCudaSuccess) return record_error(pe);
  objects(true)[handle] = ObjectRecord{*res, {}};
  *out = handle;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t s) {
  return destroy(s, true);
}

WF_CUDART_API cudaError_t cudaGetSurfaceObjectResourceDesc(CudaResourceDesc* out,
                                                           cudaSurfaceObject_t s) {
  auto lock = lock_device();
  auto it = objects(true).find(s);
  if (!out || it == objects(true).end()) return record_error(kCudaErrorInvalidValue);
  *out = it->second.resource;
  return kCudaSuccess;
}
