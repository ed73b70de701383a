// tex, tld4, suld.b and sust.b: the texture and surface instructions nvcc emits for texture and
// surface objects (tex1Dfetch, tex1D/2D/3D, texCubemap and their layered forms, tex2Dgather,
// surf*read and surf*write). Forms that need a feature the model lacks (mipmaps' texel offsets,
// multisample textures, formatted surface stores) are refused here by name.
#include <fmt/format.h>

#include "sim_model/ptx/instr_decode_ctx.h"
#include "sim_model/ptx/texture_instr.h"

namespace wf::ptx::decode {
namespace {

std::optional<TexGeom> geometry_from(std::string_view w) {
  if (w == ".1d") return TexGeom::k1D;
  if (w == ".2d") return TexGeom::k2D;
  if (w == ".3d") return TexGeom::k3D;
  if (w == ".a1d") return TexGeom::kA1D;
  if (w == ".a2d") return TexGeom::kA2D;
  if (w == ".cube") return TexGeom::kCube;
  if (w == ".acube") return TexGeom::kACube;
  return std::nullopt;
}

// The coordinates the geometry needs: a layer index first if layered, then one per dimension;
// 3D and a2d coordinates are written as four registers, the last one unused.
unsigned coordinate_count(TexGeom g) {
  const unsigned n = tex_dims(g) + (tex_layered(g) ? 1 : 0);
  return n == 3 ? 4 : n;
}

void check_coordinates(Ctx& c, std::size_t i, TexGeom g) {
  c.require_mem(i);
  const Operand& m = c.ops[i].op;
  if (m.has_symbol || m.reg == kNoReg || m.imm != 0)
    c.error(*c.ops[i].tok,
            fmt::format("expected [handle, {{coordinates}}] as operand {} of '{}' (texture "
                        "references by name are not supported; CUDA 12 removed them)",
                        i + 1, c.name));
  if (m.count != coordinate_count(g))
    c.error(*c.ops[i].tok, fmt::format("expected {} coordinates in operand {} of '{}', found {}",
                                       coordinate_count(g), i + 1, c.name, m.count));
}

void require_vector(Ctx& c, std::size_t i, unsigned n) {
  const Operand& v = c.ops[i].op;
  if (v.kind != OperandKind::Vec || v.count != n)
    c.error(*c.ops[i].tok, fmt::format("expected a {{...}} operand with {} elements", n));
}

TexGeom take_geometry(Ctx& c) {
  for (std::string_view w : {".2dms", ".a2dms"}) {
    if (c.take(w))
      c.error(c.mn, fmt::format("unsupported texture geometry '{}' for '{}' (multisample "
                                "textures are not modelled)",
                                w, c.name));
  }
  auto g = c.take_if(geometry_from);
  if (!g)
    c.error(c.mn, fmt::format("expected a geometry (.1d, .2d, .3d, .a1d, .a2d, .cube, .acube) "
                              "on '{}'",
                              c.name));
  return *g;
}

void decode_tex(Ctx& c) {
  Instr& in = c.in;
  const bool gather = in.op == Op::Tld4;
  unsigned component = 0;
  if (gather) {
    static constexpr std::string_view kComponents[] = {".r", ".g", ".b", ".a"};
    bool found = false;
    for (unsigned k = 0; k < 4 && !found; ++k) {
      if (c.take(kComponents[k])) {
        component = k;
        found = true;
      }
    }
    if (!found) c.error(c.mn, "expected a component (.r, .g, .b, .a) on 'tld4'");
  }
  // No texture the model holds has mipmap levels (mipmapped arrays are refused when the program
  // creates them), so a level or gradient selects level 0, the texture itself.
  const bool level = !gather && c.take(".level");
  const bool grad = !gather && !level && c.take(".grad");
  const TexGeom g = take_geometry(c);
  if (gather && g != TexGeom::k2D && g != TexGeom::kA2D)
    c.error(c.mn, "expected .2d or .a2d on 'tld4' (gathers from cube maps are not modelled)");
  in.sub = tex_sub(g, component);
  in.type = c.type(0);
  in.type2 = c.type(1);
  in.cls = OpClass::Memory;
  in.space = Space::Global;
  if (in.vec != 4) c.error(c.mn, fmt::format("expected .v4 on '{}'", c.name));
  if (in.type != Type::F32 && in.type != Type::S32 && in.type != Type::U32)
    c.error(c.mn, fmt::format("unsupported result type '{}' for '{}' (expected .f32, .s32 or "
                              ".u32)",
                              type_name(in.type), c.name));
  if (in.type2 != Type::F32 && in.type2 != Type::S32)
    c.error(c.mn, fmt::format("unsupported coordinate type '{}' for '{}' (expected .f32 or .s32)",
                              type_name(in.type2), c.name));
  if (tex_cube(g) && in.type2 != Type::F32)
    c.error(c.mn, fmt::format("expected .f32 coordinates on '{}' of a cube map", c.name));
  const std::size_t n = 2 + (level ? 1 : 0) + (grad ? 2 : 0);
  if (c.ops.size() == 3 && !level)
    c.error(*c.ops[2].tok, fmt::format("unsupported operand 3 of '{}' (texel offsets and depth "
                                       "compares are not modelled)",
                                       c.name));
  c.operands(n, n);
  require_vector(c, 0, 4);
  check_coordinates(c, 1, g);
}

void decode_surface(Ctx& c) {
  Instr& in = c.in;
  const bool store = in.op == Op::Sust;
  if (c.take(".p"))
    c.error(c.mn, fmt::format("unsupported formatted surface access '{}.p' (only .b, raw bytes, "
                              "is modelled)",
                              c.name));
  if (!c.take(".b")) c.error(c.mn, fmt::format("expected .b on '{}'", c.name));
  const TexGeom g = take_geometry(c);
  if (tex_cube(g))
    c.error(c.mn, fmt::format("expected .1d, .2d, .3d, .a1d or .a2d on '{}' (a cube map's "
                              "surface is addressed as a layered 2D surface)",
                              c.name));
  SurfaceMode mode = SurfaceMode::kTrap;
  if (c.take(".clamp"))
    mode = SurfaceMode::kClamp;
  else if (c.take(".zero"))
    mode = SurfaceMode::kZero;
  else
    c.take(".trap");
  in.sub = tex_sub(g, static_cast<unsigned>(mode));
  in.type = c.type(0);
  in.cls = OpClass::Memory;
  in.space = Space::Global;
  if (in.type != Type::B8 && in.type != Type::B16 && in.type != Type::B32 && in.type != Type::B64)
    c.error(c.mn, fmt::format("expected .b8, .b16, .b32 or .b64 on '{}'", c.name));
  if (in.type == Type::B64 && in.vec == 4)
    c.error(c.mn, fmt::format("unsupported '.v4.b64' for '{}'", c.name));
  c.operands(2, 2);
  check_coordinates(c, store ? 0 : 1, g);
  const std::size_t v = store ? 1 : 0;
  if (in.vec > 1) {
    require_vector(c, v, in.vec);
  } else if (c.ops[v].op.kind != OperandKind::Reg &&
             !(c.ops[v].op.kind == OperandKind::Vec && c.ops[v].op.count == 1)) {
    c.error(*c.ops[v].tok, fmt::format("expected a register as operand {} of '{}'", v + 1, c.name));
  }
}

}  // namespace

void decode_texture(Ctx& c) {
  if (c.in.op == Op::Tex || c.in.op == Op::Tld4)
    decode_tex(c);
  else
    decode_surface(c);
}

}  // namespace wf::ptx::decode
