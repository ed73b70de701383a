// Host driver and CPU reference for matmul.cu.
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::matmul {
namespace {

constexpr unsigned kTile = 16;  // TILE in matmul.cu
// The inner dimension (A's width, B's height): four tile steps, eight barriers per CTA. Fixed
// rather than n so that the default grid has 5 waves of CTAs on a GTX480 even at Table 2's
// 6 CTAs per SM while the cycle model still runs it in seconds; the SDK sample's matrices are
// rectangular with a narrow A too.
constexpr unsigned kInner = 4 * kTile;

// Small integers keep every partial sum exact in single precision, so the check can demand
// bit equality whatever order the products are added in.
std::vector<float> random_matrix(SplitMix64& rng, std::size_t rows, std::size_t cols) {
  std::vector<float> m(rows * cols);
  for (auto& x : m) x = static_cast<float>(static_cast<int>(rng.below(9)) - 4);
  return m;
}

RunResult run_matmul(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("matmul", options,
                             {.fallback = 352, .min = kTile, .max = 1024, .multiple = kTile});
  SplitMix64 rng(options.seed);
  auto a = random_matrix(rng, n, kInner), b = random_matrix(rng, kInner, n);
  std::vector<float> expected(n * n);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) {
      float sum = 0;
      for (std::size_t k = 0; k < kInner; ++k) sum += a[r * kInner + k] * b[k * n + c];
      expected[r * n + c] = sum;
    }

  Session session(runtime, "matmul");
  gpu::DevPtr da = runtime.upload(a), db = runtime.upload(b);
  gpu::DevPtr dc = runtime.malloc(n * n * sizeof(float));
  const auto tiles = static_cast<std::uint32_t>(n / kTile);
  session.launch("matmul", {tiles, tiles}, {kTile, kTile},
                 {arg(da), arg(db), arg(dc), arg(int(kInner)), arg(int(n))});
  auto c = runtime.download<float>(dc, n * n);
  for (auto p : {da, db, dc}) runtime.free(p);
  return session.finish(first_mismatch("c", expected, c));
}

}  // namespace

WF_WORKLOAD("matmul",
            "C = A*B, 16x16 tiles staged through shared memory, two barriers per tile step",
            "order n of C = A (n x 64) * B (64 x n), a multiple of 16 (default 352: 22x22 CTAs of "
            "256 threads)",
            run_matmul, 32, {"baws-barrier", "lwm", "dyncta"}, 21);

}  // namespace wf::workloads::matmul
