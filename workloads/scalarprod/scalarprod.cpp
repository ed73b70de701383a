// Host driver and CPU reference for scalarprod.cu.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::scalarprod {
namespace {

constexpr unsigned kBlock = 512;      // 16 warps, as in BAWS Table 2
constexpr unsigned kElements = 4096;  // per vector, the SDK sample's ELEMENT_N
// Like the SDK's fixed grid, though twice its 128 CTAs: enough for five waves on a GTX480 at
// Table 2's three CTAs per SM. More pairs than CTAs go round the kernel's grid-stride loop.
constexpr std::uint32_t kMaxCtas = 256;

// Elements in [-4, 4] keep every partial sum below 16 * 4096 = 2^16, exact in a float, so the
// GPU's tree order must give the CPU's sum bit for bit.
std::vector<float> random_vectors(SplitMix64& rng, std::size_t count) {
  std::vector<float> v(count);
  for (auto& x : v) x = static_cast<float>(static_cast<int>(rng.below(9)) - 4);
  return v;
}

RunResult run_scalarprod(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto pairs = choose_size("scalarprod", options, {.fallback = 256, .min = 1, .max = 4096});
  SplitMix64 rng(options.seed);
  const auto a = random_vectors(rng, pairs * kElements), b = random_vectors(rng, pairs * kElements);
  std::vector<float> expected(pairs);
  for (std::size_t p = 0; p < pairs; ++p) {
    float sum = 0;
    for (std::size_t i = p * kElements; i < (p + 1) * kElements; ++i) sum += a[i] * b[i];
    expected[p] = sum;
  }

  Session session(runtime, "scalarprod");
  gpu::DevPtr da = runtime.upload(a), db = runtime.upload(b);
  gpu::DevPtr dc = runtime.malloc(pairs * sizeof(float));
  const auto ctas = std::min(static_cast<std::uint32_t>(pairs), kMaxCtas);
  session.launch("scalar_prod", {ctas}, {kBlock},
                 {arg(dc), arg(da), arg(db), arg(int(pairs)), arg(int(kElements))});
  auto c = runtime.download<float>(dc, pairs);
  for (auto p : {da, db, dc}) runtime.free(p);
  return session.finish(first_mismatch("c", expected, c));
}

}  // namespace

WF_WORKLOAD(
    "scalarprod",
    "scalar products of vector pairs: strided partial sums into 1024 shared accumulators, "
    "then a tree reduction with a barrier per level",
    "vector pairs of 4096 floats (default 256; one CTA of 512 threads per pair, at most 256)",
    run_scalarprod, 4, {"baws-barrier", "dyncta"}, 21);

}  // namespace wf::workloads::scalarprod
