// Texture fetching as the CUDA C Programming Guide's "Texture Fetching" appendix defines it:
// which texels a fetch reads (addressing modes, normalized coordinates, nearest-point and
// linear filtering with 9-bit fixed-point weights) and what each texel's bytes mean (channel
// formats, element-type and normalized-float read modes). Pure functions of a descriptor and the
// coordinates, so that they are tested without a kernel; the executor reads the texels.
#pragma once

#include <array>
#include <cstdint>

#include "sim_model/ptx/texture_descriptor.h"

namespace wf::ptx::texture {

// The texel index a fetch uses for index `i` of a dimension of `n` texels under `mode`, or -1 when
// the texel lies outside the texture in border mode (the fetch uses the border colour for it).
// Wrap and mirror exist only for normalized coordinates; with unnormalized ones they clamp.
std::int64_t address(std::int64_t i, std::int64_t n, AddressMode mode, bool normalized);

// A linear filter's weight α = frac(x − 0.5), as the hardware holds it: in 9-bit fixed point
// with 8 fractional bits. Nine bits, so that α = 1 (after rounding up from just below it) is
// representable: the fraction rounds to the nearest multiple of 1/256.
float quantize_weight(float frac);

// The coordinates of one fetch: per dimension a float (or, for integer coordinates, an integer
// texel index), and the layer of a layered texture.
struct Coords {
  std::array<float, 3> f{};
  std::array<std::int32_t, 3> i{};
  bool integer = false;
  std::int32_t layer = 0;
};

// The texels one fetch reads and the weight of each; texels outside a border-mode texture are
// not read, their weight goes to the border colour.
struct Footprint {
  unsigned count = 0;
  std::array<std::uint64_t, 8> addr{};
  std::array<float, 8> weight{};
  float border_weight = 0;
};

// `dims` spatial dimensions (1, 2 or 3). Linear filtering applies when the descriptor asks for
// it and the coordinates are floats; integer coordinates are texel indices, point sampled.
Footprint footprint(const TextureDescriptor& d, unsigned dims, const Coords& c);

// A cube map fetch (tex.cube): the face the direction (x, y, z) points at and the normalized
// coordinates (s, t) on it, as the CUDA C Programming Guide's cubemap table defines them: the
// coordinate of largest magnitude m selects the face (+x, -x, +y, -y, +z, -z: 0 to 5), and the
// point is ((s'/m + 1) / 2, (t'/m + 1) / 2) for the face's s' and t'. The guide leaves ties open;
// here x wins over y and z, and y over z.
struct CubeFace {
  unsigned face = 0;
  float s = 0, t = 0;
};
CubeFace cube_face(float x, float y, float z);

// tld4: the four texels of the 2D bilinear footprint, in the order of the PTX ISA (and of
// OpenGL's textureGather): (i0, j1), (i1, j1), (i1, j0), (i0, j0). A texel outside a border-mode
// texture has `inside` false.
struct Gather {
  std::array<std::uint64_t, 4> addr{};
  std::array<bool, 4> inside{};
};
Gather gather(const TextureDescriptor& d, const Coords& c);

// Whether fetches return floats: float channels, or integer channels read as normalized floats.
inline bool returns_float(const TextureDescriptor& d) {
  return d.channel_kind == static_cast<std::uint32_t>(ChannelKind::kFloat) || d.read_normalized;
}

// One texel's channels x, y, z, w as a float fetch returns them: float channels (32-bit, or
// 16-bit half) as they are, 8- and 16-bit integer channels in normalized-float read mode mapped
// to [0, 1] (unsigned) or [−1, 1] (signed). A channel the format lacks reads as 0, and w as 1.
std::array<float, 4> texel_float(const TextureDescriptor& d, const std::uint8_t* bytes);
// The same in element-type read mode of an integer format: each channel zero- or sign-extended
// to 32 bits.
std::array<std::uint32_t, 4> texel_int(const TextureDescriptor& d, const std::uint8_t* bytes);

}  // namespace wf::ptx::texture
