// The descriptor a texture or surface object handle names. A handle (cudaTextureObject_t,
// cudaSurfaceObject_t, the .u64 a kernel receives) is the device address of one of these, which
// the runtime stand-in writes into simulated device memory when the program creates the object
// and the executor reads when a tex/tld4/suld/sust instruction uses the handle. Keeping the
// descriptor in device memory, as a GPU keeps its texture headers, needs no table shared between
// the runtime and the executor and no new request: the stand-in allocates and copies it like any
// buffer. Plain data, included by both sides (the stand-in links nothing of the simulator).
#pragma once

#include <cstdint>

namespace wf::ptx {

// A descriptor starts with one of these, so that a handle that names anything else (a pointer,
// a destroyed object) is reported instead of read as texels.
inline constexpr std::uint32_t kTextureMagic = 0x58544657u;  // "WFTX"
inline constexpr std::uint32_t kSurfaceMagic = 0x46535746u;  // "FWSF"

// cudaResourceType's values for the kinds of memory a descriptor may describe.
enum class TexResource : std::uint32_t { kArray = 0, kLinear = 2, kPitch2D = 3 };
// cudaChannelFormatKind's values the model reads.
enum class ChannelKind : std::uint32_t { kSigned = 0, kUnsigned = 1, kFloat = 2 };
// cudaTextureAddressMode's values.
enum class AddressMode : std::uint32_t { kWrap = 0, kClamp = 1, kMirror = 2, kBorder = 3 };

struct TextureDescriptor {
  std::uint32_t magic = 0;
  std::uint32_t resource = 0;                      // TexResource
  std::uint64_t base = 0;                          // device address of texel (0, 0, 0)
  std::uint64_t row_pitch = 0;                     // bytes from one row to the next
  std::uint64_t slice_pitch = 0;                   // bytes from one slice (3D) or layer to the next
  std::uint32_t width = 1, height = 1, depth = 1;  // in texels; depth counts layers if layered
  std::uint32_t layered = 0;                       // a 1D or 2D layered array
  std::uint32_t channel_bits[4] = {0, 0, 0, 0};    // x, y, z, w: 0, 8, 16 or 32
  std::uint32_t channel_kind = 0;                  // ChannelKind
  std::uint32_t texel_bytes = 0;
  std::uint32_t address_mode[3] = {0, 0, 0};  // AddressMode per dimension
  std::uint32_t filter_linear = 0;            // cudaFilterModeLinear
  std::uint32_t read_normalized = 0;          // cudaReadModeNormalizedFloat
  std::uint32_t normalized_coords = 0;
  float border[4] = {0, 0, 0, 0};
  // A cube map (cudaArrayCubemap): a 2D layered array of square faces, six per cube in the order
  // +x, -x, +y, -y, +z, -z, that tex.cube and tex.acube address by direction.
  std::uint32_t cubemap = 0;
};

// What the stand-in allocates per object: one allocation unit of the device.
inline constexpr std::uint64_t kTextureDescriptorBytes = 256;
static_assert(sizeof(TextureDescriptor) <= kTextureDescriptorBytes);

// Why a descriptor cannot be sampled as texture_sampling.h does it, or null when it can. The
// stand-in refuses such an object when the program creates it.
inline const char* unsupported(const TextureDescriptor& d) {
  const auto kind = static_cast<ChannelKind>(d.channel_kind);
  const bool float_result = kind == ChannelKind::kFloat || d.read_normalized;
  unsigned bytes = 0;
  for (unsigned k = 0; k < 4; ++k) {
    const unsigned b = d.channel_bits[k];
    if (b != 0 && b != 8 && b != 16 && b != 32) return "a channel of other than 8, 16 or 32 bits";
    if (b != 0 && b != d.channel_bits[0]) return "channels of different sizes";
    if (b == 0 && k + 1 < 4 && d.channel_bits[k + 1] != 0) return "a channel after an empty one";
    bytes += b / 8;
  }
  if (bytes == 0) return "a format without channels";
  if (d.channel_bits[2] != 0 && d.channel_bits[3] == 0) return "a three-channel format";
  if (kind != ChannelKind::kSigned && kind != ChannelKind::kUnsigned && kind != ChannelKind::kFloat)
    return "a channel format kind other than signed, unsigned or float";
  if (kind == ChannelKind::kFloat && d.channel_bits[0] == 8) return "8-bit float channels";
  if (d.read_normalized && kind != ChannelKind::kFloat && d.channel_bits[0] == 32)
    return "normalized-float reads of 32-bit integer channels";
  if (d.filter_linear && !float_result)
    return "linear filtering of a texture that returns integers (element-type reads)";
  if (!float_result &&
      (d.border[0] != 0 || d.border[1] != 0 || d.border[2] != 0 || d.border[3] != 0))
    return "a border colour on a texture that returns integers";
  for (unsigned k = 0; k < 3; ++k) {
    if (d.address_mode[k] > static_cast<std::uint32_t>(AddressMode::kBorder))
      return "an address mode other than wrap, clamp, mirror or border";
  }
  return nullptr;
}

}  // namespace wf::ptx
