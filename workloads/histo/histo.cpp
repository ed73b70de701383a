// Host driver and CPU reference for histo.cu.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::histo {
namespace {

constexpr unsigned kThreads = 512;     // THREADS in histo.cu
constexpr unsigned kBlockBins = 4096;  // BLOCK_BINS in histo.cu
constexpr unsigned kWidth = 1024;      // image width: one row is one intermediates CTA
// The histogram has 1024 bins per row and two rows per image row, so histo_final, like
// histo_intermediates, has one CTA per image row.
constexpr unsigned kBinsPerImageRow = 2048;
constexpr unsigned kScanColumns = 45;      // grid.x of histo_main (Parboil's BLOCK_X), at most
constexpr unsigned kPrescanSlice = 16384;  // image pixels per prescan CTA
constexpr unsigned kSaturation = 255;

// Parboil's images light up a compact region of the histogram with a few strays elsewhere:
// here a bell around the centre (sum of four uniforms) and 1 pixel in 1024 anywhere.
std::vector<std::uint32_t> random_image(std::size_t pixels, std::uint32_t bins,
                                        std::uint64_t seed) {
  SplitMix64 rng(seed);
  std::vector<std::uint32_t> image(pixels);
  constexpr std::int64_t kSpread = 256;
  for (auto& bin : image) {
    if (rng.below(1024) == 0) {
      bin = static_cast<std::uint32_t>(rng.below(bins));
      continue;
    }
    std::int64_t v = bins / 2;
    for (int k = 0; k < 4; ++k) v += static_cast<std::int64_t>(rng.below(2 * kSpread)) - kSpread;
    bin = static_cast<std::uint32_t>(v);
  }
  return image;
}

std::vector<std::uint8_t> reference_histogram(const std::vector<std::uint32_t>& image,
                                              std::uint32_t bins) {
  std::vector<std::uint32_t> counts(bins, 0);
  for (auto bin : image) ++counts[bin];
  std::vector<std::uint8_t> out(bins);
  for (std::size_t b = 0; b < bins; ++b)
    out[b] = static_cast<std::uint8_t>(std::min<std::uint32_t>(counts[b], kSaturation));
  return out;
}

RunResult run_histo(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto rows =
      choose_size("histo", options, {.fallback = 256, .min = 2, .max = 4096, .multiple = 2});
  const std::size_t pixels = rows * kWidth;
  const auto bins = static_cast<std::uint32_t>(rows * kBinsPerImageRow);
  const auto blocks = bins / kBlockBins;
  const auto image = random_image(pixels, bins, options.seed);
  const auto expected = reference_histogram(image, bins);

  Session session(runtime, "histo");
  gpu::DevPtr d_image = runtime.upload(image);
  const std::vector<std::uint32_t> no_range{std::numeric_limits<std::uint32_t>::max(), 0};
  gpu::DevPtr d_range = runtime.upload(no_range);
  gpu::DevPtr d_mappings = runtime.malloc(pixels * sizeof(std::uint32_t));
  gpu::DevPtr d_subhisto = runtime.malloc(bins * sizeof(std::uint32_t));
  gpu::DevPtr d_global = runtime.malloc(bins * sizeof(std::uint32_t));
  gpu::DevPtr d_out = runtime.malloc(bins);
  runtime.memset(d_subhisto, 0, bins * sizeof(std::uint32_t));
  runtime.memset(d_global, 0, bins * sizeof(std::uint32_t));

  const auto n = static_cast<std::uint32_t>(pixels);
  const auto prescan_ctas =
      static_cast<std::uint32_t>(std::max<std::size_t>(1, pixels / kPrescanSlice));
  session.launch("histo_prescan", {prescan_ctas}, {kThreads},
                 {arg(d_image), arg(n), arg(blocks), arg(d_range)});
  const auto range = runtime.download<std::uint32_t>(d_range, 2);
  if (range[0] > range[1] || range[1] >= blocks)
    return session.finish("the prescan produced no valid block range");

  const auto image_rows = static_cast<std::uint32_t>(rows);
  session.launch("histo_intermediates", {image_rows}, {kWidth / 2},
                 {arg(d_image), arg(kWidth), arg(d_mappings)});
  const auto columns = std::min(kScanColumns, image_rows);
  session.launch(
      "histo_main", {columns, range[1] - range[0] + 1}, {kThreads},
      {arg(d_mappings), arg(n), arg(range[0]), arg(range[1]), arg(d_subhisto), arg(d_global)});
  session.launch(
      "histo_final", {bins / (4 * kThreads)}, {kThreads},
      {arg(range[0]), arg(range[1]), arg(bins), arg(d_subhisto), arg(d_global), arg(d_out)});
  const auto out = runtime.download<std::uint8_t>(d_out, bins);
  for (auto p : {d_image, d_range, d_mappings, d_subhisto, d_global, d_out}) runtime.free(p);
  return session.finish(first_mismatch("histogram", expected, out));
}

}  // namespace

WF_WORKLOAD("histo",
            "saturating 2-D histogram (Parboil histo): prescan reductions, shared sub-histograms "
            "per block of bins with barriers around them, global atomics for the strays",
            "image rows of 1024 pixels, even (default 256: histo_main 45 x range CTAs of 512 "
            "threads)",
            run_histo, 4, {"baws-barrier"}, 21);

}  // namespace wf::workloads::histo
