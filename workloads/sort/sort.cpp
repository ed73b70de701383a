// Host driver and CPU reference for sort.cu.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::sort {
namespace {

constexpr unsigned kBlock = 256;         // BLOCK in sort.cu
constexpr unsigned kChunk = 2 * kBlock;  // keys sorted inside one CTA

RunResult run_sort(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size(
      "sort", options, {.fallback = 16384, .min = kChunk, .max = 1 << 22, .power_of_two = true});
  SplitMix64 rng(options.seed);
  std::vector<std::uint32_t> keys(n);
  // A narrow key range puts equal keys into the network too.
  for (auto& k : keys) k = static_cast<std::uint32_t>(rng.below(n * 4));
  auto expected = keys;
  std::sort(expected.begin(), expected.end());

  Session session(runtime, "sort");
  gpu::DevPtr d = runtime.upload(keys);
  const auto chunks = static_cast<std::uint32_t>(n / kChunk);
  session.launch("bitonic_sort_shared", {chunks}, {kBlock}, {arg(d)});
  for (std::uint32_t k = 2 * kChunk; k <= n; k <<= 1) {
    for (std::uint32_t j = k / 2; j >= kChunk; j >>= 1)
      session.launch("bitonic_merge_global", {chunks}, {kBlock}, {arg(d), arg(k), arg(j)});
    session.launch("bitonic_merge_shared", {chunks}, {kBlock}, {arg(d), arg(k)});
  }
  auto sorted = runtime.download<std::uint32_t>(d, n);
  runtime.free(d);
  return session.finish(first_mismatch("keys", expected, sorted));
}

}  // namespace

WF_WORKLOAD("sort",
            "bitonic sort: per-CTA shared-memory networks with a barrier per step, plus global "
            "merge steps as separate launches",
            "keys, a power of two >= 512 (default 16384: 32 CTAs of 256 threads)", run_sort, 1024);

}  // namespace wf::workloads::sort
