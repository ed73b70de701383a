// Host driver and CPU reference for mrigrid.cu: samples in random directions from the centre of
// k-space at a uniform radius, as on radial spokes (so the centre is dense and the edges
// sparse, as in radial MRI), binned on the host with a stable counting sort, gridded on the
// device, replayed on the CPU in the same order with the same roundings.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::mrigrid {
namespace {

constexpr int kTile = 8;  // TILE in mrigrid.cu
constexpr int kBin = 4;   // BIN in mrigrid.cu
constexpr int kSpan = kTile / kBin + 2;
constexpr float kCutoff2 = 4.0f;
constexpr float kLutScale = 64.0f;
constexpr int kLutSize = 256;  // kCutoff2 * kLutScale
constexpr int kCellsPerSample = 128;

struct Float4 {
  float x, y, z, w;
};
struct Float2 {
  float x, y;
};

// Kaiser-Bessel window of radius 2 over the squared distance, sampled at bucket centres.
std::vector<float> kaiser_bessel_lut() {
  const auto i0 = [](double v) {  // modified Bessel function of the first kind, order 0
    double sum = 1, term = 1;
    for (int k = 1; k < 25; ++k) {
      term *= (v / 2) / k;
      sum += term * term;
    }
    return sum;
  };
  const double beta = 6.0;
  std::vector<float> lut(kLutSize);
  for (int i = 0; i < kLutSize; ++i) {
    const double r2 = (i + 0.5) / kLutScale;
    lut[i] = float(i0(beta * std::sqrt(1.0 - r2 / kCutoff2)) / i0(beta));
  }
  return lut;
}

struct Grid {
  int gx, gy, gz, bins_x, bins_y, bins_z;
};

RunResult run_mrigrid(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto side =
      choose_size("mrigrid", options, {.fallback = 64, .min = 16, .max = 256, .multiple = 16});
  const Grid g{int(side),        int(side),        int(side / 2),
               int(side) / kBin, int(side) / kBin, int(side / 2) / kBin};
  const std::size_t cells = std::size_t(g.gx) * g.gy * g.gz;
  const std::size_t n = cells / kCellsPerSample;

  // A uniform radius puts as many samples near the centre as far out.
  SplitMix64 rng(options.seed);
  std::vector<Float4> raw_pos(n);
  std::vector<Float2> raw_val(n);
  const double c[3] = {g.gx / 2.0, g.gy / 2.0, g.gz / 2.0};
  const double radius = g.gz / 2.0 - 0.5;
  for (std::size_t i = 0; i < n; ++i) {
    double d[3], len2;
    do {
      for (double& v : d) v = 2 * rng.unit() - 1;
      len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    } while (len2 > 1 || len2 < 1e-6);
    const double r = radius * rng.unit() / std::sqrt(len2);
    float p[3];
    for (int a = 0; a < 3; ++a) p[a] = float(std::round((c[a] + r * d[a]) * 16) / 16);
    // Density compensation grows with the radius, as a radial trajectory needs.
    const float dcf = float(1 + std::round(r * r));
    raw_pos[i] = {p[0], p[1], p[2], dcf};
    raw_val[i] = {float(2 * rng.unit() - 1), float(2 * rng.unit() - 1)};
  }

  // Binning: a stable counting sort by bin.
  const std::size_t bins = std::size_t(g.bins_x) * g.bins_y * g.bins_z;
  const auto bin_of = [&](const Float4& p) {
    return (std::size_t(p.z) / kBin * g.bins_y + std::size_t(p.y) / kBin) * g.bins_x +
           std::size_t(p.x) / kBin;
  };
  std::vector<std::uint32_t> bin_start(bins + 1, 0);
  for (const auto& p : raw_pos) ++bin_start[bin_of(p) + 1];
  for (std::size_t b = 0; b < bins; ++b) bin_start[b + 1] += bin_start[b];
  std::vector<Float4> pos(n);
  std::vector<Float2> val(n);
  {
    std::vector<std::uint32_t> next(bin_start.begin(), bin_start.end() - 1);
    for (std::size_t i = 0; i < n; ++i) {
      const auto at = next[bin_of(raw_pos[i])]++;
      pos[at] = raw_pos[i];
      val[at] = raw_val[i];
    }
  }
  const auto lut = kaiser_bessel_lut();

  // The reference visits each tile's neighbourhood in the kernel's order.
  std::vector<Float2> want(cells, {0, 0});
  const int tiles[3] = {g.gx / kTile, g.gy / kTile, g.gz / kTile};
  for (int tz = 0; tz < tiles[2]; ++tz)
    for (int ty = 0; ty < tiles[1]; ++ty)
      for (int tx = 0; tx < tiles[0]; ++tx) {
        std::vector<std::uint32_t> list;
        for (int row = 0; row < kSpan * kSpan; ++row) {
          const int by = ty * (kTile / kBin) - 1 + row % kSpan;
          const int bz = tz * (kTile / kBin) - 1 + row / kSpan;
          if (by < 0 || by >= g.bins_y || bz < 0 || bz >= g.bins_z) continue;
          const int bx0 = std::max(tx * (kTile / kBin) - 1, 0);
          const int bx1 = std::min(tx * (kTile / kBin) + kTile / kBin, g.bins_x - 1);
          const std::size_t r = (std::size_t(bz) * g.bins_y + by) * g.bins_x;
          for (auto i = bin_start[r + bx0]; i < bin_start[r + bx1 + 1]; ++i) list.push_back(i);
        }
        for (int z = tz * kTile; z < (tz + 1) * kTile; ++z)
          for (int y = ty * kTile; y < (ty + 1) * kTile; ++y)
            for (int x = tx * kTile; x < (tx + 1) * kTile; ++x) {
              float re = 0, im = 0;
              for (auto i : list) {
                const float dx = pos[i].x - float(x), dy = pos[i].y - float(y),
                            dz = pos[i].z - float(z);
                const float r2 = dx * dx + dy * dy + dz * dz;
                if (!(r2 < kCutoff2)) continue;
                const float w = lut[int(r2 * kLutScale)] * pos[i].w;
                re = std::fma(w, val[i].x, re);
                im = std::fma(w, val[i].y, im);
              }
              want[(std::size_t(z) * g.gy + y) * g.gx + x] = {re, im};
            }
      }

  Session session(runtime, "mrigrid");
  gpu::DevPtr d_pos = runtime.upload(pos), d_val = runtime.upload(val);
  gpu::DevPtr d_bins = runtime.upload(bin_start), d_lut = runtime.upload(lut);
  gpu::DevPtr d_grid = runtime.malloc(cells * sizeof(Float2));
  session.launch("mg_gridding",
                 {std::uint32_t(tiles[0]), std::uint32_t(tiles[1]), std::uint32_t(tiles[2])},
                 {kTile, kTile, kTile},
                 {arg(d_pos), arg(d_val), arg(d_bins), arg(g.bins_x), arg(g.bins_y), arg(g.bins_z),
                  arg(d_lut), arg(d_grid)});
  auto out = runtime.download<Float2>(d_grid, cells);
  for (auto p : {d_pos, d_val, d_bins, d_lut, d_grid}) runtime.free(p);

  // Bit patterns, so the comparison is exact and a mismatch prints something readable.
  std::vector<std::uint64_t> want_bits(cells), got_bits(cells);
  for (std::size_t i = 0; i < cells; ++i) {
    want_bits[i] = std::uint64_t(std::bit_cast<std::uint32_t>(want[i].x)) << 32 |
                   std::bit_cast<std::uint32_t>(want[i].y);
    got_bits[i] = std::uint64_t(std::bit_cast<std::uint32_t>(out[i].x)) << 32 |
                  std::bit_cast<std::uint32_t>(out[i].y);
  }
  return session.finish(first_mismatch("grid (re:im bits)", want_bits, got_bits));
}

}  // namespace

WF_WORKLOAD("mrigrid",
            "MRI Cartesian gridding (Parboil mri-gridding): a CTA per 8^3 tile stages the "
            "samples of its neighbouring bins through shared memory, each thread accumulates "
            "its cell with a Kaiser-Bessel table; two barriers per chunk",
            "grid side n, a multiple of 16 (default 64: an n x n x n/2 grid, 256 CTAs of 512 "
            "threads, a sample per 128 cells)",
            run_mrigrid, 16, {"baws-barrier"}, 21);

}  // namespace wf::workloads::mrigrid
