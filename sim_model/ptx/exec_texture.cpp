// tex, tld4, suld.b and sust.b. The handle in a register is the device address of the object's
// descriptor (texture_descriptor.h), read from simulated memory, checked, and then sampled as
// texture_sampling.h defines.
//
// Timing (a decision, not a measurement): a GTX 480 has a texture cache per SM beside its L1,
// which the model does not have. A texture fetch is charged as a global load through the L1
// path, with the address of the texels it reads (MemAccess: the first texel of each thread's
// footprint in `addr`, the others in `texels`); a surface access as the global load or store of
// the bytes it moves. Reading the descriptor itself costs nothing, as a GPU's texture header
// cache mostly hits.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/texture_instr.h"
#include "sim_model/ptx/texture_sampling.h"

namespace wf::ptx {
namespace {

std::uint32_t low32(std::uint64_t v) {
  return static_cast<std::uint32_t>(v);
}
float as_float(std::uint64_t v) {
  float f;
  const std::uint32_t u = low32(v);
  std::memcpy(&f, &u, 4);
  return f;
}
std::uint32_t float_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

void Executor::exec_texture(const Instr& in, Warp& w, std::uint64_t mask, StepRecord& rec) {
  const bool surface = in.op == Op::Suld || in.op == Op::Sust;
  const bool store = in.op == Op::Sust;
  const Operand m = in.ops[store ? 0 : 1];
  const Operand v = in.ops[store ? 1 : 0];
  const TexGeom geom = tex_geom(in);
  const unsigned dims = tex_dims(geom);
  const bool layered = tex_layered(geom);
  const bool cube = tex_cube(geom);
  const std::uint32_t magic = surface ? kSurfaceMagic : kTextureMagic;
  const char* object = surface ? "surface" : "texture";

  rec.mem.space = Space::Global;
  rec.mem.is_store = store;
  rec.mem.lanes = 0;
  texels_.clear();

  TextureDescriptor d;
  std::uint64_t loaded = 0;  // the handle `d` holds (0 is never a descriptor's address)
  auto descriptor = [&](unsigned lane) {
    const std::uint64_t h = w.reg(m.reg, lane);
    if (h == loaded && h != 0) return;
    if (!ctx_.memory->valid(h, sizeof d))
      fault(w, lane, fmt::format("{} object handle 0x{:x} names no {} object", object, h, object));
    ctx_.memory->read(h, &d, sizeof d);
    if (d.magic != magic) {
      fault(w, lane,
            fmt::format("{} object handle 0x{:x} names no {} object{}", object, h, object,
                        d.magic == (surface ? kTextureMagic : kSurfaceMagic)
                            ? fmt::format(" (it is a {} object)", surface ? "texture" : "surface")
                            : ""));
    }
    loaded = h;
  };
  auto read = [&](unsigned lane, std::uint64_t addr, unsigned bytes, void* dst) {
    if (!ctx_.memory->valid(addr, bytes))
      fault(w, lane,
            fmt::format("{} read of {} bytes at global address 0x{:x} outside every "
                        "allocation (was the {}'s memory freed?)",
                        object, bytes, addr, object));
    ctx_.memory->read(addr, dst, bytes);
  };
  auto coordinate = [&](unsigned lane, unsigned k) { return w.reg(m.vec[k], lane); };

  if (!surface) {
    const bool gather = in.op == Op::Tld4;
    const bool float_coords = in.type2 == Type::F32;
    for_lanes(mask, [&](unsigned l) {
      descriptor(l);
      texture::Coords c;
      c.integer = !float_coords;
      unsigned k = 0;
      if (layered) c.layer = static_cast<std::int32_t>(low32(coordinate(l, k++)));
      for (unsigned j = 0; j < dims; ++j, ++k) {
        if (float_coords)
          c.f[j] = as_float(coordinate(l, k));
        else
          c.i[j] = static_cast<std::int32_t>(low32(coordinate(l, k)));
      }
      // A cube map is a layered 2D texture of six faces per cube; the face's coordinates are
      // normalized whatever the texture says.
      if (cube) {
        if (!d.cubemap)
          fault(w, l,
                fmt::format("texture object handle 0x{:x} names no cube map (tex.cube)", loaded));
        const texture::CubeFace f = texture::cube_face(c.f[0], c.f[1], c.f[2]);
        c.f = {f.s, f.t, 0};
        c.layer = static_cast<std::int32_t>(f.face) + 6 * c.layer;
        d.normalized_coords = 1;
      }
      const bool as_float_result = texture::returns_float(d);
      std::array<std::uint32_t, 4> out{};
      std::array<std::uint8_t, 16> bytes{};
      bool first = true;
      auto note = [&](std::uint64_t addr) {
        if (first) {
          rec.mem.lanes |= std::uint64_t{1} << l;
          rec.mem.addr[l] = addr;
          first = false;
        } else {
          texels_.push_back({addr, l});
        }
      };
      if (gather) {
        const texture::Gather g = texture::gather(d, c);
        const unsigned comp = tex_extra(in);
        for (unsigned t = 0; t < 4; ++t) {
          if (!g.inside[t]) {
            out[t] = as_float_result ? float_bits(d.border[comp]) : 0;
            continue;
          }
          read(l, g.addr[t], d.texel_bytes, bytes.data());
          note(g.addr[t]);
          out[t] = as_float_result ? float_bits(texture::texel_float(d, bytes.data())[comp])
                                   : texture::texel_int(d, bytes.data())[comp];
        }
      } else {
        const texture::Footprint f = texture::footprint(d, cube ? 2 : dims, c);
        if (as_float_result) {
          std::array<float, 4> acc{};
          for (unsigned t = 0; t < f.count; ++t) {
            read(l, f.addr[t], d.texel_bytes, bytes.data());
            note(f.addr[t]);
            const std::array<float, 4> x = texture::texel_float(d, bytes.data());
            for (unsigned q = 0; q < 4; ++q) acc[q] += f.weight[t] * x[q];
          }
          if (f.border_weight != 0) {
            for (unsigned q = 0; q < 4; ++q) acc[q] += f.border_weight * d.border[q];
          }
          for (unsigned q = 0; q < 4; ++q) out[q] = float_bits(acc[q]);
        } else if (f.count == 1) {
          read(l, f.addr[0], d.texel_bytes, bytes.data());
          note(f.addr[0]);
          out = texture::texel_int(d, bytes.data());
        }
        // else: an integer texture's border, whose colour is zero (texture_sampling.h)
      }
      for (unsigned q = 0; q < 4; ++q) set_reg(w, v.vec[q], l, out[q], 32);
    });
    rec.mem.bytes = static_cast<std::uint8_t>(d.texel_bytes);
    rec.mem.texels = texels_.data();
    rec.mem.texel_count = static_cast<std::uint32_t>(texels_.size());
    return;
  }

  // suld.b / sust.b: x in bytes, y and z in rows and slices, the layer first if layered.
  const unsigned eb = type_bytes(in.type);
  const unsigned n = in.vec;
  const unsigned bytes = eb * n;
  const auto mode = static_cast<SurfaceMode>(tex_extra(in));
  rec.mem.bytes = static_cast<std::uint8_t>(bytes);
  for_lanes(mask, [&](unsigned l) {
    descriptor(l);
    unsigned k = 0;
    std::int64_t layer = 0;
    if (layered) layer = static_cast<std::int32_t>(low32(coordinate(l, k++)));
    std::array<std::int64_t, 3> pos{0, 0, 0};
    for (unsigned j = 0; j < dims; ++j)
      pos[j] = static_cast<std::int32_t>(low32(coordinate(l, k++)));
    if (layered) pos[2] = layer;
    // The last byte offset at which the access still fits the row (at least 0, so that .clamp
    // has somewhere to go even on a row narrower than the access).
    const std::array<std::int64_t, 3> limit{
        std::max<std::int64_t>(std::int64_t{d.width} * d.texel_bytes - bytes + 1, 1),
        std::int64_t{d.height}, std::int64_t{d.depth}};
    if (pos[0] % bytes != 0)
      fault(w, l,
            fmt::format("misaligned surface access of {} bytes at byte x = {}", bytes, pos[0]));
    bool outside = false;
    for (unsigned j = 0; j < 3; ++j) outside |= pos[j] < 0 || pos[j] >= limit[j];
    std::array<std::uint8_t, 32> buf{};
    if (outside) {
      if (mode == SurfaceMode::kTrap)
        fault(
            w, l,
            fmt::format("surface access of {} bytes at ({}, {}, {}) outside the {}x{}x{} "
                        "surface of {}-byte elements (.trap)",
                        bytes, pos[0], pos[1], pos[2], d.width, d.height, d.depth, d.texel_bytes));
      if (mode == SurfaceMode::kZero) {
        if (!store) {
          for (unsigned q = 0; q < n; ++q) {
            if (v.kind == OperandKind::Vec)
              set_reg(w, v.vec[q], l, 0, v.bits);
            else
              set(w, v, l, 0);
          }
        }
        return;
      }
      for (unsigned j = 0; j < 3; ++j) pos[j] = std::clamp<std::int64_t>(pos[j], 0, limit[j] - 1);
      pos[0] -= pos[0] % bytes;
    }
    const std::uint64_t addr = d.base + static_cast<std::uint64_t>(pos[0]) +
                               static_cast<std::uint64_t>(pos[1]) * d.row_pitch +
                               static_cast<std::uint64_t>(pos[2]) * d.slice_pitch;
    rec.mem.lanes |= std::uint64_t{1} << l;
    rec.mem.addr[l] = addr;
    if (store) {
      for (unsigned q = 0; q < n; ++q) {
        const std::uint64_t x = v.kind == OperandKind::Vec ? w.reg(v.vec[q], l) : w.reg(v.reg, l);
        std::memcpy(buf.data() + q * eb, &x, eb);
      }
      std::array<std::uint8_t, 32> old{};
      read(l, addr, bytes, old.data());
      if (std::memcmp(old.data(), buf.data(), bytes) != 0) {
        ctx_.memory->write(addr, buf.data(), bytes);
        memory_changed_ = true;
      }
    } else {
      read(l, addr, bytes, buf.data());
      for (unsigned q = 0; q < n; ++q) {
        std::uint64_t x = 0;
        std::memcpy(&x, buf.data() + q * eb, eb);
        if (v.kind == OperandKind::Vec)
          set_reg(w, v.vec[q], l, x, v.bits);
        else
          set(w, v, l, x);
      }
    }
  });
}

}  // namespace wf::ptx
