// How a decoded tex, tld4, suld or sust instruction records its geometry and its one further
// choice (tld4's component, a surface access's out-of-bounds mode) in Instr::sub.
#pragma once

#include <cstdint>

#include "sim_model/ptx/instr.h"

namespace wf::ptx {

// kCube and kACube (tex only): a direction x, y, z, which selects a face of a cube map and the
// point on it (texture_sampling.h), after a cube index for kACube.
enum class TexGeom : std::uint8_t { k1D, k2D, k3D, kA1D, kA2D, kCube, kACube };
// What a surface access does outside the surface: fault, clamp to the nearest element, or
// read zeros and drop stores.
enum class SurfaceMode : std::uint8_t { kTrap, kClamp, kZero };

constexpr std::uint8_t tex_sub(TexGeom g, unsigned extra) {
  return static_cast<std::uint8_t>(static_cast<unsigned>(g) | (extra << 4));
}
constexpr TexGeom tex_geom(const Instr& in) {
  return static_cast<TexGeom>(in.sub & 15u);
}
constexpr unsigned tex_extra(const Instr& in) {
  return in.sub >> 4;
}
constexpr bool tex_cube(TexGeom g) {
  return g == TexGeom::kCube || g == TexGeom::kACube;
}
// Coordinates per layer (a cube's direction has three), and whether a layer index comes first.
constexpr unsigned tex_dims(TexGeom g) {
  return g == TexGeom::k1D || g == TexGeom::kA1D ? 1 : g == TexGeom::k3D || tex_cube(g) ? 3 : 2;
}
constexpr bool tex_layered(TexGeom g) {
  return g == TexGeom::kA1D || g == TexGeom::kA2D || g == TexGeom::kACube;
}

}  // namespace wf::ptx
