// Host driver and CPU reference for stencil3d.cu.
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::stencil3d {
namespace {

constexpr unsigned kTileX = 32, kTileY = 16, kTileZ = 8;  // TX, TY, TZ in stencil3d.cu
// The interior's x-y extent: 1 x 2 tiles, so that a depth of 120 planes or a multiple of it
// gives every CTA of the persistent grid the same number of tiles and none waits at the global
// barrier for another's extra tile, while a depth of 8 is small enough for the cycle-model tests.
constexpr unsigned kInteriorX = kTileX, kInteriorY = 2 * kTileY;
constexpr int kSteps = 4;
// The persistent grid must be resident all at once or the global barrier never completes. The
// runtime API has no occupancy query, so this is one CTA per SM of the 15-SM GTX480 preset:
// what the cycle model's register estimate for this kernel lets an SM hold (BAWS Table 2 has
// two, with its compiler's register count), and safe whatever the register count, since an SM
// that takes a CTA at all takes one.
constexpr std::uint32_t kPersistentCtas = 15;

struct Volume {
  unsigned nx, ny, nz;
  std::size_t at(unsigned x, unsigned y, unsigned z) const {
    return (static_cast<std::size_t>(z) * ny + y) * nx + x;
  }
};

// The kernel's relax(), operation for operation: the products are exact (powers of two), so a
// fused multiply-add rounds like the separate operations and the results match bit for bit.
float relax(float west, float east, float south, float north, float below, float above,
            float here) {
  float sum = ((((west + east) + south) + north) + below) + above;
  return 0.125f * sum + 0.25f * here;
}

std::vector<float> reference(const Volume& v, std::vector<float> src, int steps) {
  std::vector<float> dst = src;
  for (int s = 0; s < steps; ++s) {
    for (unsigned z = 1; z + 1 < v.nz; ++z)
      for (unsigned y = 1; y + 1 < v.ny; ++y)
        for (unsigned x = 1; x + 1 < v.nx; ++x)
          dst[v.at(x, y, z)] =
              relax(src[v.at(x - 1, y, z)], src[v.at(x + 1, y, z)], src[v.at(x, y - 1, z)],
                    src[v.at(x, y + 1, z)], src[v.at(x, y, z - 1)], src[v.at(x, y, z + 1)],
                    src[v.at(x, y, z)]);
    src.swap(dst);
  }
  return src;
}

RunResult run_stencil3d(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto depth = choose_size("stencil3d", options,
                                 {.fallback = 240, .min = kTileZ, .max = 1024, .multiple = kTileZ});
  const Volume v{kInteriorX + 2, kInteriorY + 2, static_cast<unsigned>(depth) + 2};
  SplitMix64 rng(options.seed);
  std::vector<float> volume(static_cast<std::size_t>(v.nx) * v.ny * v.nz);
  for (auto& x : volume) x = static_cast<float>(rng.below(16));
  const auto expected = reference(v, volume, kSteps);

  Session session(runtime, "stencil3d");
  // Both buffers start as the volume: the kernel writes interior cells only.
  gpu::DevPtr a = runtime.upload(volume), b = runtime.upload(volume);
  gpu::DevPtr barrier = runtime.upload(std::vector<std::uint32_t>{0, 0});  // count, flag
  session.launch(
      "stencil3d", {kPersistentCtas}, {kTileX, kTileY},
      {arg(a), arg(b), arg(barrier), arg(int(v.nx)), arg(int(v.ny)), arg(int(v.nz)), arg(kSteps)});
  const auto result = runtime.download<float>(kSteps % 2 == 0 ? a : b, volume.size());
  const auto state = runtime.download<std::uint32_t>(barrier, 2);
  for (auto p : {a, b, barrier}) runtime.free(p);
  auto mismatch = first_mismatch("volume", expected, result);
  // Every step's barrier completed once and left the count at zero.
  const std::vector<std::uint32_t> done{0, static_cast<std::uint32_t>(kSteps)};
  if (!mismatch) mismatch = first_mismatch("barrier (count, flag)", done, state);
  return session.finish(mismatch);
}

}  // namespace

WF_WORKLOAD("stencil3d",
            "7-point 3-D Jacobi stencil, 4 steps in one persistent kernel: two barriers per "
            "plane, a global barrier (atomics, fences, a spinning flag) between steps",
            "interior depth in planes, a multiple of 8, of a 32 x 32 x depth interior (default "
            "240: 60 tiles of 32 x 16 x 8 over 15 persistent CTAs of 512 threads)",
            run_stencil3d, 8, {"baws-barrier"}, 32, true);

}  // namespace wf::workloads::stencil3d
