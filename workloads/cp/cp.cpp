// Host driver and CPU reference for cp.cu: atoms at random positions in a box over the slice,
// each at least 0.5 off the slice's plane (so no r is 0), with charges in [-2, 2). The
// reference repeats the kernel's float operations one by one in the kernel's order (x86-64
// without FMA contracts nothing), chunk by chunk as the launches add them, so every grid point
// must match bit for bit.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::cp {
namespace {

// cp.cu's constants
constexpr int kMaxAtoms = 4000;
constexpr int kUnroll = 8;
constexpr int kBlockX = 16;
constexpr unsigned kBlockY = 8;
constexpr unsigned kCtaWidth = kBlockX * kUnroll;  // grid points per CTA along x
constexpr unsigned kWidthCtas = 4;
constexpr unsigned kWidth = kWidthCtas * kCtaWidth;
constexpr int kAtoms = 40;
constexpr float kSpacing = 0.5f;

struct Atom {
  float x, y, dz2, q;  // cp.cu's float4
};

std::vector<Atom> random_atoms(std::size_t height, SplitMix64& rng) {
  std::vector<Atom> atoms(kAtoms);
  for (auto& a : atoms) {
    a.x = static_cast<float>(rng.unit() * kWidth * kSpacing);
    a.y = static_cast<float>(rng.unit() * static_cast<double>(height) * kSpacing);
    const auto dz = static_cast<float>(0.5 + rng.unit() * 8.0);
    a.dz2 = dz * dz;
    a.q = static_cast<float>(rng.unit() * 4.0 - 2.0);
  }
  return atoms;
}

// cenergy's sums for one launch's atoms, added into `energy`.
void reference_launch(const Atom* atoms, int count, std::size_t height,
                      std::vector<float>& energy) {
  const float step = kSpacing * static_cast<float>(kBlockX);
  for (std::size_t y = 0; y < height; ++y)
    for (unsigned cta = 0; cta < kWidthCtas; ++cta)
      for (unsigned t = 0; t < kBlockX; ++t) {
        const unsigned x = cta * kCtaWidth + t;
        const float coor_y = kSpacing * static_cast<float>(y);
        const float coor_x = kSpacing * static_cast<float>(x);
        float e[kUnroll] = {};
        for (int i = 0; i < count; ++i) {
          const Atom& a = atoms[i];
          const float dy = coor_y - a.y;
          const float dyz2 = dy * dy + a.dz2;
          float dx = coor_x - a.x;
          for (float& eu : e) {
            const float r = std::sqrt(dx * dx + dyz2);
            eu = eu + a.q / r;
            dx = dx + step;
          }
        }
        for (int u = 0; u < kUnroll; ++u) {
          float& out = energy[y * kWidth + x + u * kBlockX];
          out = out + e[u];
        }
      }
}

RunResult run_cp(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto height = choose_size(
      "cp", options, {.fallback = 2400, .min = kBlockY, .max = 1 << 16, .multiple = kBlockY});
  SplitMix64 rng(options.seed);
  const auto atoms = random_atoms(height, rng);

  std::vector<float> expected(kWidth * height, 0.0f);
  for (int first = 0; first < kAtoms; first += kMaxAtoms)
    reference_launch(&atoms[first], std::min(kMaxAtoms, kAtoms - first), height, expected);

  Session session(runtime, "cp");
  gpu::DevPtr d_energy = runtime.upload(std::vector<float>(expected.size(), 0.0f));
  const gpu::DevPtr d_atoms = runtime.symbol_address("c_atoms");
  for (int first = 0; first < kAtoms; first += kMaxAtoms) {
    const int count = std::min(kMaxAtoms, kAtoms - first);
    runtime.memcpy_to_device(d_atoms, &atoms[first], count * sizeof(Atom));
    session.launch("cenergy", {kWidthCtas, static_cast<std::uint32_t>(height / kBlockY)},
                   {kBlockX, kBlockY}, {arg(count), arg(kSpacing), arg(d_energy)});
  }
  const auto energy = runtime.download<float>(d_energy, expected.size());
  runtime.free(d_energy);
  return session.finish(first_mismatch("energy", expected, energy));
}

}  // namespace

WF_WORKLOAD("cp",
            "Coulombic potential (VMD cionize / Parboil cutcp direct sum): a thread sums q/r over "
            "constant-memory atoms for 8 points of a slice row; exactly rounded sqrt and divide",
            "rows of a 512-point-wide slice (default 2400, multiple of 8: 1200 CTAs of 16x8 "
            "threads; 40 atoms)",
            run_cp, 8, {"dyncta"});

}  // namespace wf::workloads::cp
