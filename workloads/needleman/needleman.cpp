// Host driver and CPU reference for needleman.cu.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::needleman {
namespace {

constexpr unsigned kTile = 32;  // TILE in needleman.cu
// DNA scoring (the EDNAFULL values for A, C, G, T) and Rodinia's default gap penalty.
constexpr int kMatch = 5;
constexpr int kMismatch = -4;
constexpr int kPenalty = 10;

// The (n+1) x (n+1) matrix with gap penalties in row and column 0, the device's starting point.
std::vector<int> initial_scores(std::size_t n) {
  const std::size_t cols = n + 1;
  std::vector<int> score(cols * cols, 0);
  for (std::size_t i = 1; i < cols; ++i) {
    score[i * cols] = -static_cast<int>(i) * kPenalty;
    score[i] = -static_cast<int>(i) * kPenalty;
  }
  return score;
}

// The textbook row-by-row recurrence.
std::vector<int> reference_scores(const std::vector<int>& similarity, std::size_t n) {
  const std::size_t cols = n + 1;
  std::vector<int> score = initial_scores(n);
  for (std::size_t i = 1; i < cols; ++i)
    for (std::size_t j = 1; j < cols; ++j)
      score[i * cols + j] =
          std::max({score[(i - 1) * cols + j - 1] + similarity[i * cols + j],
                    score[i * cols + j - 1] - kPenalty, score[(i - 1) * cols + j] - kPenalty});
  return score;
}

RunResult run_needleman(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("needleman", options,
                             {.fallback = 1024, .min = kTile, .max = 4096, .multiple = kTile});
  const std::size_t cols = n + 1;
  SplitMix64 rng(options.seed);
  std::vector<int> a(n), b(n);
  for (auto& x : a) x = static_cast<int>(rng.below(4));
  for (auto& x : b) x = static_cast<int>(rng.below(4));
  // Rodinia's "reference" matrix: the substitution score of every pair, so the kernel needs
  // no sequences.
  std::vector<int> similarity(cols * cols, 0);
  for (std::size_t i = 1; i < cols; ++i)
    for (std::size_t j = 1; j < cols; ++j)
      similarity[i * cols + j] = a[i - 1] == b[j - 1] ? kMatch : kMismatch;
  const auto expected = reference_scores(similarity, n);

  Session session(runtime, "needleman");
  gpu::DevPtr d_similarity = runtime.upload(similarity);
  gpu::DevPtr d_score = runtime.upload(initial_scores(n));
  const auto tiles = static_cast<int>(n / kTile);
  // Tile anti-diagonal d holds the tiles (x, d - x) inside the tiles x tiles grid.
  for (int d = 0; d < 2 * tiles - 1; ++d) {
    const int first = std::max(0, d - tiles + 1), last = std::min(d, tiles - 1);
    session.launch("needle_tiles", {static_cast<std::uint32_t>(last - first + 1)}, {kTile},
                   {arg(d_similarity), arg(d_score), arg(static_cast<int>(cols)), arg(kPenalty),
                    arg(d), arg(first)});
  }
  const auto result = runtime.download<int>(d_score, cols * cols);
  for (auto p : {d_similarity, d_score}) runtime.free(p);
  return session.finish(first_mismatch("score", expected, result));
}

}  // namespace

WF_WORKLOAD("needleman",
            "Needleman-Wunsch alignment scores (Rodinia nw): one 32x32 tile per CTA of 32 "
            "threads, an anti-diagonal of tiles per launch, a barrier per in-tile anti-diagonal",
            "sequence length (multiple of 32; default 1024: 63 launches of 1 to 32 CTAs)",
            run_needleman, 64, {"lwm", "dyncta"});

}  // namespace wf::workloads::needleman
