// Host driver and CPU reference for sad.cu: a random reference frame and a current frame made
// of its macroblocks moved by random motion vectors (within the search window) plus noise, so
// every macroblock has a clear best match. The reference computes every 4x4 SAD pixel by pixel
// and every larger partition directly from its pixels too, not from the 4x4 sums, so the
// combination kernels are checked against the definition.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include <fmt/format.h>

#include "sim_model/common/error.h"

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::sad {
namespace {

// sad.cu's layout
constexpr int kRange = 16;
constexpr int kSide = 2 * kRange + 1;
constexpr int kPositions = kSide * kSide;
constexpr int kPositionsPadded = 1096;
constexpr int kBlocksPerMb = 41;
constexpr unsigned kThreads4x4 = 64;  // >= ceil(1089 / 18)
constexpr int kMbWidth = 11;          // QCIF: 176 pixels wide

struct Frame {
  int width, height;
  std::vector<std::uint8_t> pixels;
  int at(int x, int y) const {
    return pixels[std::clamp(y, 0, height - 1) * width + std::clamp(x, 0, width - 1)];
  }
};

// The partitions of a macroblock in sad.cu's row order: top-left corner and size in pixels.
struct Partition {
  int x, y, w, h;
};

std::vector<Partition> partitions() {
  std::vector<Partition> p;
  for (int s = 0; s < 16; ++s) p.push_back({(s % 4) * 4, (s / 4) * 4, 4, 4});
  for (int q = 0; q < 4; ++q)
    for (int half = 0; half < 2; ++half) p.push_back({(q % 2) * 8, (q / 2) * 8 + half * 4, 8, 4});
  for (int q = 0; q < 4; ++q)
    for (int half = 0; half < 2; ++half) p.push_back({(q % 2) * 8 + half * 4, (q / 2) * 8, 4, 8});
  for (int q = 0; q < 4; ++q) p.push_back({(q % 2) * 8, (q / 2) * 8, 8, 8});
  p.push_back({0, 0, 16, 8});
  p.push_back({0, 8, 16, 8});
  p.push_back({0, 0, 8, 16});
  p.push_back({8, 0, 8, 16});
  p.push_back({0, 0, 16, 16});
  return p;
}

std::vector<std::uint16_t> reference_sads(const Frame& cur, const Frame& ref) {
  const int mb_width = cur.width / 16, mb_height = cur.height / 16;
  const auto parts = partitions();
  std::vector<std::uint16_t> sads(
      std::size_t(mb_width) * mb_height * kBlocksPerMb * kPositionsPadded, 0);
  for (int my = 0; my < mb_height; ++my)
    for (int mx = 0; mx < mb_width; ++mx)
      for (std::size_t b = 0; b < parts.size(); ++b) {
        const Partition& part = parts[b];
        const int x0 = mx * 16 + part.x, y0 = my * 16 + part.y;
        std::uint16_t* out =
            &sads[((std::size_t(my) * mb_width + mx) * kBlocksPerMb + b) * kPositionsPadded];
        for (int p = 0; p < kPositions; ++p) {
          const int dy = p / kSide - kRange, dx = p % kSide - kRange;
          int sad = 0;
          for (int j = 0; j < part.h; ++j)
            for (int i = 0; i < part.w; ++i)
              sad += std::abs(cur.at(x0 + i, y0 + j) - ref.at(x0 + dx + i, y0 + dy + j));
          out[p] = static_cast<std::uint16_t>(sad);
        }
      }
  return sads;
}

RunResult run_sad(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto mbs = choose_size("sad", options, {.fallback = 99, .min = 1, .max = 11 * 256});
  if (mbs > kMbWidth && mbs % kMbWidth != 0)
    throw UsageError(fmt::format(
        "--size for workload sad: expected at most {} macroblocks (one row) or a multiple of {}, "
        "got {}",
        kMbWidth, kMbWidth, mbs));
  const int mb_columns = static_cast<int>(std::min<std::uint64_t>(mbs, kMbWidth));
  const int mb_rows = static_cast<int>(mbs / mb_columns);
  SplitMix64 rng(options.seed);
  Frame ref{mb_columns * 16, mb_rows * 16, {}};
  for (int i = 0; i < ref.width * ref.height; ++i)
    ref.pixels.push_back(static_cast<std::uint8_t>(rng.below(256)));
  Frame cur{ref.width, ref.height, std::vector<std::uint8_t>(ref.pixels.size())};
  for (int my = 0; my < cur.height / 16; ++my)
    for (int mx = 0; mx < mb_columns; ++mx) {
      const int vx = static_cast<int>(rng.below(kSide)) - kRange;
      const int vy = static_cast<int>(rng.below(kSide)) - kRange;
      for (int y = my * 16; y < my * 16 + 16; ++y)
        for (int x = mx * 16; x < mx * 16 + 16; ++x) {
          const int noisy = ref.at(x + vx, y + vy) + static_cast<int>(rng.below(9)) - 4;
          cur.pixels[y * cur.width + x] = static_cast<std::uint8_t>(std::clamp(noisy, 0, 255));
        }
    }
  const auto expected = reference_sads(cur, ref);

  Session session(runtime, "sad");
  gpu::DevPtr d_cur = runtime.upload(cur.pixels);
  gpu::DevPtr d_ref = runtime.upload(ref.pixels);
  gpu::DevPtr d_sads = runtime.upload(std::vector<std::uint16_t>(expected.size(), 0));
  const auto mb_width = static_cast<std::uint32_t>(mb_columns);
  const auto mb_height = static_cast<std::uint32_t>(mb_rows);
  session.launch("sad_4x4", {mb_width * 4, mb_height * 4}, {kThreads4x4},
                 {arg(d_cur), arg(d_ref), arg(cur.width), arg(cur.height), arg(d_sads)});
  session.launch("sad_combine8", {mb_width, mb_height}, {32, 4}, {arg(d_sads), arg(mb_columns)});
  session.launch("sad_combine16", {mb_width, mb_height}, {128}, {arg(d_sads), arg(mb_columns)});
  const auto sads = runtime.download<std::uint16_t>(d_sads, expected.size());
  for (auto p : {d_cur, d_ref, d_sads}) runtime.free(p);
  return session.finish(first_mismatch("sads", expected, sads));
}

}  // namespace

WF_WORKLOAD("sad",
            "sums of absolute differences for H.264 motion estimation (Parboil SAD): 4x4 SADs over "
            "a +-16-pixel window, a CTA per block, then combined into 8x8 and 16x16 partitions",
            "16x16 macroblocks (default 99: QCIF 176x144, 1584 CTAs of 64 threads); a multiple of "
            "11 is a frame 11 macroblocks wide, fewer than 11 one row",
            run_sad, 1, {"dyncta"});

}  // namespace wf::workloads::sad
