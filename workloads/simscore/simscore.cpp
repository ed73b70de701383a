// Host driver and CPU reference for simscore.cu: sparse term-frequency vectors of documents,
// scored pairwise (the upper triangle of the document x document matrix, in 16 x 16 blocks).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::simscore {
namespace {

constexpr unsigned kTile = 16;  // TILE in simscore.cu
constexpr unsigned kCta = kTile * kTile;
constexpr int kDims = 32;  // a multiple of TK in simscore.cu
constexpr std::uint32_t kNoPair = 0xffffffffu;

// About a third of the features non-zero, with counts 1..7; never an empty document, whose
// norm would be zero.
std::vector<float> make_docs(SplitMix64& rng, std::size_t n) {
  std::vector<float> docs(n * kDims, 0.0f);
  for (std::size_t d = 0; d < n; ++d) {
    float* v = &docs[d * kDims];
    for (int k = 0; k < kDims; ++k)
      if (rng.below(3) == 0) v[k] = float(1 + rng.below(7));
    if (std::all_of(v, v + kDims, [](float x) { return x == 0.0f; })) v[rng.below(kDims)] = 1.0f;
  }
  return docs;
}

RunResult run_simscore(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("simscore", options,
                             {.fallback = 480, .min = 2 * kTile, .max = 4096, .multiple = kTile});
  SplitMix64 rng(options.seed);
  const auto docs = make_docs(rng, n);
  // Blocks on and above the diagonal; the pairs below it are the same pairs again.
  std::vector<int> tile_row, tile_col;
  for (int r = 0; r < int(n / kTile); ++r)
    for (int c = r; c < int(n / kTile); ++c) {
      tile_row.push_back(r);
      tile_col.push_back(c);
    }
  const std::size_t blocks = tile_row.size();

  std::vector<float> want_score(blocks * kCta);
  std::vector<std::uint32_t> want_pair(blocks * kCta);
  for (std::size_t b = 0; b < blocks; ++b) {
    std::uint32_t key[kCta];
    for (unsigned s = 0; s < kCta; ++s) {
      const unsigned r = tile_row[b] * kTile + s / kTile, c = tile_col[b] * kTile + s % kTile;
      float dot = 0, na = 0, nb = 0;
      for (int k = 0; k < kDims; ++k) {
        const float x = docs[r * kDims + k], y = docs[c * kDims + k];
        dot += x * y;
        na += x * x;
        nb += y * y;
      }
      const float score = dot / (std::sqrt(na) * std::sqrt(nb));
      key[s] = r < c ? std::bit_cast<std::uint32_t>(score) : 0u;
    }
    std::vector<unsigned> order(kCta);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](unsigned x, unsigned y) { return key[x] > key[y]; });
    for (unsigned i = 0; i < kCta; ++i) {
      const unsigned s = order[i];
      const unsigned r = tile_row[b] * kTile + s / kTile, c = tile_col[b] * kTile + s % kTile;
      want_score[b * kCta + i] = std::bit_cast<float>(key[s]);
      want_pair[b * kCta + i] = r < c ? r << 16 | c : kNoPair;
    }
  }

  Session session(runtime, "simscore");
  gpu::DevPtr d_docs = runtime.upload(docs);
  gpu::DevPtr d_row = runtime.upload(tile_row), d_col = runtime.upload(tile_col);
  gpu::DevPtr d_score = runtime.malloc(blocks * kCta * sizeof(float));
  gpu::DevPtr d_pair = runtime.malloc(blocks * kCta * sizeof(std::uint32_t));
  session.launch("ss_score", {static_cast<std::uint32_t>(blocks)}, {kTile, kTile},
                 {arg(d_docs), arg(kDims), arg(d_row), arg(d_col), arg(d_score), arg(d_pair)});
  auto score = runtime.download<float>(d_score, blocks * kCta);
  auto pair = runtime.download<std::uint32_t>(d_pair, blocks * kCta);
  for (auto p : {d_docs, d_row, d_col, d_score, d_pair}) runtime.free(p);

  if (auto m = first_mismatch("pair", want_pair, pair)) return session.finish(m);
  return session.finish(first_mismatch("score", want_score, score));
}

}  // namespace

WF_WORKLOAD("simscore",
            "Similarity Score (Mars MapReduce): cosine similarity of document pairs, features "
            "staged through shared memory, then each CTA's 256 pairs bitonic-sorted by score; "
            "a barrier per stage and per sort step",
            "documents, a multiple of 16 (default 480: 465 CTAs of 16x16 pairs, 32 features)",
            run_simscore, 32, {"baws-barrier", "dyncta"}, 21);

}  // namespace wf::workloads::simscore
