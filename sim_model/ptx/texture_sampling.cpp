#include "sim_model/ptx/texture_sampling.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "sim_model/ptx/half.h"

namespace wf::ptx::texture {
namespace {

// Coordinates beyond this many texels address the same texels as the bound itself under every
// mode (the largest texture dimension is 2^27), and stay exact in the integer conversions.
constexpr float kCoordBound = 1u << 30;

std::int64_t floor_index(float x) {
  if (std::isnan(x)) return 0;
  return static_cast<std::int64_t>(std::floor(std::clamp(x, -kCoordBound, kCoordBound)));
}

std::uint32_t dim_size(const TextureDescriptor& d, unsigned k) {
  return k == 0 ? d.width : k == 1 ? d.height : d.depth;
}

// One dimension of a fetch: up to two texel indices (-1: border) and the weight of the second.
struct Axis {
  std::int64_t i0 = 0, i1 = 0;
  float alpha = 0;
  bool two = false;
};

Axis axis(const TextureDescriptor& d, unsigned k, const Coords& c, bool linear) {
  const std::int64_t n = dim_size(d, k);
  const auto mode = static_cast<AddressMode>(d.address_mode[k]);
  const bool norm = d.normalized_coords != 0 && !c.integer;
  Axis a;
  if (c.integer) {
    a.i0 = address(c.i[k], n, mode, false);
    return a;
  }
  float x = c.f[k];
  if (norm) x *= static_cast<float>(n);
  if (!linear) {
    a.i0 = address(floor_index(x), n, mode, norm);
    return a;
  }
  const float xb = x - 0.5f;
  const std::int64_t lo = floor_index(xb);
  const float frac = std::isnan(xb) ? 0.0f : xb - std::floor(xb);
  a.two = true;
  a.alpha = quantize_weight(frac);
  a.i0 = address(lo, n, mode, norm);
  a.i1 = address(lo + 1, n, mode, norm);
  return a;
}

std::uint64_t texel_address(const TextureDescriptor& d, std::int64_t x, std::int64_t y,
                            std::int64_t z) {
  return d.base + static_cast<std::uint64_t>(x) * d.texel_bytes +
         static_cast<std::uint64_t>(y) * d.row_pitch +
         static_cast<std::uint64_t>(z) * d.slice_pitch;
}

std::int64_t layer_index(const TextureDescriptor& d, const Coords& c) {
  return std::clamp<std::int64_t>(c.layer, 0, std::int64_t{d.depth} - 1);
}

// The raw bits of channel `k` of a texel, and their width.
std::uint32_t channel_bits(const TextureDescriptor& d, const std::uint8_t* bytes, unsigned k,
                           unsigned& width) {
  unsigned offset = 0;
  for (unsigned j = 0; j < k; ++j) offset += d.channel_bits[j] / 8;
  width = d.channel_bits[k];
  std::uint32_t v = 0;
  std::memcpy(&v, bytes + offset, width / 8);
  return v;
}

}  // namespace

std::int64_t address(std::int64_t i, std::int64_t n, AddressMode mode, bool normalized) {
  if (!normalized && (mode == AddressMode::kWrap || mode == AddressMode::kMirror))
    mode = AddressMode::kClamp;
  switch (mode) {
    case AddressMode::kWrap:
      return ((i % n) + n) % n;
    case AddressMode::kMirror: {
      const std::int64_t j = ((i % (2 * n)) + 2 * n) % (2 * n);
      return j < n ? j : 2 * n - 1 - j;
    }
    case AddressMode::kBorder:
      return i < 0 || i >= n ? -1 : i;
    case AddressMode::kClamp:
    default:
      return std::clamp<std::int64_t>(i, 0, n - 1);
  }
}

float quantize_weight(float frac) {
  return std::nearbyint(frac * 256.0f) / 256.0f;
}

CubeFace cube_face(float x, float y, float z) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  float m, s, t;
  unsigned face;
  if (ax >= ay && ax >= az) {
    face = x >= 0 ? 0 : 1;
    m = ax;
    s = x >= 0 ? -z : z;
    t = -y;
  } else if (ay >= az) {
    face = y >= 0 ? 2 : 3;
    m = ay;
    s = x;
    t = y >= 0 ? z : -z;
  } else {
    face = z >= 0 ? 4 : 5;
    m = az;
    s = z >= 0 ? x : -x;
    t = -y;
  }
  return {face, (s / m + 1) / 2, (t / m + 1) / 2};
}

Footprint footprint(const TextureDescriptor& d, unsigned dims, const Coords& c) {
  const bool linear = d.filter_linear != 0 && !c.integer;
  std::array<Axis, 3> ax{};
  for (unsigned k = 0; k < dims; ++k) ax[k] = axis(d, k, c, linear);
  // A layered texture's layer index is a slice of the array (1D layers are slices of height 1).
  const std::int64_t layer = d.layered ? layer_index(d, c) : 0;
  Footprint f;
  const unsigned corners = 1u << (linear ? dims : 0);
  for (unsigned corner = 0; corner < corners; ++corner) {
    float w = 1.0f;
    std::array<std::int64_t, 3> idx{0, 0, layer};
    bool border = false;
    for (unsigned k = 0; k < dims; ++k) {
      const bool second = linear && ((corner >> k) & 1u);
      idx[k] = second ? ax[k].i1 : ax[k].i0;
      if (linear) w *= second ? ax[k].alpha : 1.0f - ax[k].alpha;
      border |= idx[k] < 0;
    }
    if (border) {
      f.border_weight += w;
      continue;
    }
    f.addr[f.count] = texel_address(d, idx[0], idx[1], idx[2]);
    f.weight[f.count] = w;
    ++f.count;
  }
  return f;
}

Gather gather(const TextureDescriptor& d, const Coords& c) {
  Coords f = c;
  f.integer = false;
  if (c.integer) {
    // Integer coordinates name texel (i, j); its footprint is that of the float coordinate at
    // the texel's centre.
    f.f[0] = static_cast<float>(c.i[0]) + 0.5f;
    f.f[1] = static_cast<float>(c.i[1]) + 0.5f;
  }
  const Axis x = axis(d, 0, f, true), y = axis(d, 1, f, true);
  const std::int64_t z = d.layered ? layer_index(d, c) : 0;
  const std::array<std::int64_t, 4> xs{x.i0, x.i1, x.i1, x.i0}, ys{y.i1, y.i1, y.i0, y.i0};
  Gather g;
  for (unsigned k = 0; k < 4; ++k) {
    g.inside[k] = xs[k] >= 0 && ys[k] >= 0;
    if (g.inside[k]) g.addr[k] = texel_address(d, xs[k], ys[k], z);
  }
  return g;
}

std::array<float, 4> texel_float(const TextureDescriptor& d, const std::uint8_t* bytes) {
  std::array<float, 4> out{0.0f, 0.0f, 0.0f, 1.0f};
  const auto kind = static_cast<ChannelKind>(d.channel_kind);
  for (unsigned k = 0; k < 4; ++k) {
    if (d.channel_bits[k] == 0) continue;
    unsigned width = 0;
    const std::uint32_t v = channel_bits(d, bytes, k, width);
    if (kind == ChannelKind::kFloat) {
      if (width == 16) {
        out[k] = static_cast<float>(half::to_double(static_cast<std::uint16_t>(v)));
      } else {
        std::memcpy(&out[k], &v, 4);
      }
    } else if (kind == ChannelKind::kUnsigned) {
      out[k] = static_cast<float>(v) / static_cast<float>((1u << width) - 1u);
    } else {
      const auto s = static_cast<std::int32_t>(v << (32 - width)) >> (32 - width);
      const auto max = static_cast<float>((1u << (width - 1)) - 1u);
      out[k] = std::max(static_cast<float>(s) / max, -1.0f);
    }
  }
  return out;
}

std::array<std::uint32_t, 4> texel_int(const TextureDescriptor& d, const std::uint8_t* bytes) {
  std::array<std::uint32_t, 4> out{0, 0, 0, 1};
  const bool sgn = d.channel_kind == static_cast<std::uint32_t>(ChannelKind::kSigned);
  for (unsigned k = 0; k < 4; ++k) {
    if (d.channel_bits[k] == 0) continue;
    unsigned width = 0;
    std::uint32_t v = channel_bits(d, bytes, k, width);
    if (sgn && width < 32)
      v = static_cast<std::uint32_t>(static_cast<std::int32_t>(v << (32 - width)) >> (32 - width));
    out[k] = v;
  }
  return out;
}

}  // namespace wf::ptx::texture
