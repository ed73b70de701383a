// Host driver and CPU reference for srad.cu.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::srad {
namespace {

constexpr unsigned kTile = 16;         // TILE in srad.cu
constexpr int kIterations = 2;         // Rodinia's default niter
constexpr float kLambda = 0.5f;        // Rodinia's default lambda
constexpr std::size_t kRoiSide = 128;  // Rodinia's default region of interest: rows and
                                       // columns 0..127 (clipped to the image)

// The speckle statistic q0^2 = var / mean^2 of the region of interest. Host code shared by
// the driver and the reference, so both feed the kernels the same value.
float speckle_scale(const std::vector<float>& j, std::size_t n) {
  const std::size_t side = std::min(kRoiSide, n);
  double sum = 0, sum2 = 0;
  for (std::size_t r = 0; r < side; ++r)
    for (std::size_t c = 0; c < side; ++c) {
      const double v = j[r * n + c];
      sum += v;
      sum2 += v * v;
    }
  const double size = static_cast<double>(side * side);
  const double mean = sum / size;
  const double var = sum2 / size - mean * mean;
  return static_cast<float>(var / (mean * mean));
}

// One iteration of both kernels on the CPU, with the kernels' operations in the kernels' order
// (x86-64 without FMA never contracts them, so every rounding matches).
void reference_step(std::vector<float>& j, std::size_t n, float q0sqr) {
  const auto at = [&](std::size_t r, std::size_t c) { return r * n + c; };
  std::vector<float> dn(n * n), ds(n * n), dw(n * n), de(n * n), coeff(n * n);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) {
      const float jc = j[at(r, c)];
      const float nv = j[at(r == 0 ? r : r - 1, c)] - jc;
      const float sv = j[at(r == n - 1 ? r : r + 1, c)] - jc;
      const float wv = j[at(r, c == 0 ? c : c - 1)] - jc;
      const float ev = j[at(r, c == n - 1 ? c : c + 1)] - jc;
      const float g2 = (nv * nv + sv * sv + wv * wv + ev * ev) / (jc * jc);
      const float l = (nv + sv + wv + ev) / jc;
      const float num = 0.5f * g2 - 0.0625f * (l * l);
      float den = 1.0f + 0.25f * l;
      const float qsqr = num / (den * den);
      den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
      const float cv = 1.0f / (1.0f + den);
      coeff[at(r, c)] = cv < 0.0f ? 0.0f : (cv > 1.0f ? 1.0f : cv);
      dn[at(r, c)] = nv;
      ds[at(r, c)] = sv;
      dw[at(r, c)] = wv;
      de[at(r, c)] = ev;
    }
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) {
      const std::size_t k = at(r, c);
      const float cc = coeff[k];
      const float cs = coeff[at(r == n - 1 ? r : r + 1, c)];
      const float ce = coeff[at(r, c == n - 1 ? c : c + 1)];
      const float d = cc * dn[k] + cs * ds[k] + cc * dw[k] + ce * de[k];
      j[k] = j[k] + (0.25f * kLambda) * d;
    }
}

RunResult run_srad(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("srad", options,
                             {.fallback = 352, .min = 2 * kTile, .max = 4096, .multiple = kTile});
  // Rodinia's input: a random image I in [0, 1), diffused as J = exp(I).
  SplitMix64 rng(options.seed);
  std::vector<float> image(n * n);
  for (auto& x : image) x = std::exp(static_cast<float>(rng.unit()));

  std::vector<float> expected = image;
  for (int it = 0; it < kIterations; ++it) reference_step(expected, n, speckle_scale(expected, n));

  Session session(runtime, "srad");
  const std::size_t bytes = n * n * sizeof(float);
  gpu::DevPtr d_j = runtime.upload(image);
  gpu::DevPtr d_n = runtime.malloc(bytes), d_s = runtime.malloc(bytes);
  gpu::DevPtr d_w = runtime.malloc(bytes), d_e = runtime.malloc(bytes);
  gpu::DevPtr d_c = runtime.malloc(bytes);
  const auto tiles = static_cast<std::uint32_t>(n / kTile);
  const int cols = static_cast<int>(n);
  std::vector<float> j = image;
  for (int it = 0; it < kIterations; ++it) {
    const float q0sqr = speckle_scale(j, n);
    session.launch(
        "srad_coeff", {tiles, tiles}, {kTile, kTile},
        {arg(d_j), arg(d_n), arg(d_s), arg(d_w), arg(d_e), arg(d_c), arg(cols), arg(q0sqr)});
    session.launch(
        "srad_update", {tiles, tiles}, {kTile, kTile},
        {arg(d_j), arg(d_n), arg(d_s), arg(d_w), arg(d_e), arg(d_c), arg(cols), arg(kLambda)});
    j = runtime.download<float>(d_j, n * n);
  }
  for (auto p : {d_j, d_n, d_s, d_w, d_e, d_c}) runtime.free(p);
  return session.finish(first_mismatch("image", expected, j));
}

}  // namespace

WF_WORKLOAD("srad",
            "speckle-reducing anisotropic diffusion (Rodinia srad_v2): two tiled kernels per "
            "iteration, halos in shared memory, four barriers each",
            "image side n, a multiple of 16 (default 352: 22x22 CTAs of 256 threads, 2 "
            "iterations)",
            run_srad, 32, {"baws-barrier", "dyncta"}, 21);

}  // namespace wf::workloads::srad
