// Host driver and CPU reference for bucketsort.cu.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::bucketsort {
namespace {

constexpr unsigned kBlock = 256;
constexpr unsigned kSortBlock = 64;
constexpr unsigned kScanBlock = 256;     // BLOCK_SCAN of the .cu
constexpr unsigned kKeysPerBucket = 16;  // on average: uniform keys, equal-width buckets

RunResult run_bucketsort(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("bucketsort", options, {.fallback = 131072, .min = 1, .max = 1 << 22});
  const auto nbuckets = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, n / kKeysPerBucket));
  SplitMix64 rng(options.seed);
  std::vector<std::uint32_t> keys(n);
  for (auto& k : keys) k = static_cast<std::uint32_t>(rng.next());

  std::vector<std::uint32_t> expected_counts(nbuckets, 0);
  for (auto k : keys) ++expected_counts[(static_cast<std::uint64_t>(k) * nbuckets) >> 32];
  std::vector<std::uint32_t> expected_offsets(nbuckets + 1, 0);
  for (std::uint32_t b = 0; b < nbuckets; ++b)
    expected_offsets[b + 1] = expected_offsets[b] + expected_counts[b];
  std::vector<std::uint32_t> expected = keys;
  std::sort(expected.begin(), expected.end());

  Session session(runtime, "bucketsort");
  const auto count_bytes = nbuckets * sizeof(std::uint32_t);
  gpu::DevPtr d_keys = runtime.upload(keys);
  gpu::DevPtr d_counts = runtime.malloc(count_bytes);
  gpu::DevPtr d_fill = runtime.malloc(count_bytes);
  gpu::DevPtr d_offsets = runtime.malloc(count_bytes + sizeof(std::uint32_t));
  gpu::DevPtr d_out = runtime.malloc(n * sizeof(std::uint32_t));
  runtime.memset(d_counts, 0, count_bytes);
  runtime.memset(d_fill, 0, count_bytes);
  const int count = static_cast<int>(n);
  const auto key_ctas = static_cast<std::uint32_t>((n + kBlock - 1) / kBlock);
  const auto bucket_ctas = (nbuckets + kSortBlock - 1) / kSortBlock;
  session.launch("bucket_count", {key_ctas}, {kBlock},
                 {arg(d_keys), arg(count), arg(nbuckets), arg(d_counts)});
  session.launch("bucket_offsets", {1}, {kScanBlock},
                 {arg(d_counts), arg(nbuckets), arg(d_offsets)});
  session.launch("bucket_scatter", {key_ctas}, {kBlock},
                 {arg(d_keys), arg(count), arg(nbuckets), arg(d_offsets), arg(d_fill), arg(d_out)});
  session.launch("bucket_sort", {bucket_ctas}, {kSortBlock},
                 {arg(d_out), arg(d_offsets), arg(nbuckets)});
  const auto counts = runtime.download<std::uint32_t>(d_counts, nbuckets);
  const auto fill = runtime.download<std::uint32_t>(d_fill, nbuckets);
  const auto offsets = runtime.download<std::uint32_t>(d_offsets, nbuckets + 1);
  const auto sorted = runtime.download<std::uint32_t>(d_out, n);
  for (auto p : {d_keys, d_counts, d_fill, d_offsets, d_out}) runtime.free(p);
  if (auto m = first_mismatch("counts", expected_counts, counts)) return session.finish(m);
  if (auto m = first_mismatch("offsets", expected_offsets, offsets)) return session.finish(m);
  if (auto m = first_mismatch("fill", expected_counts, fill)) return session.finish(m);
  return session.finish(first_mismatch("keys", expected, sorted));
}

}  // namespace

WF_WORKLOAD(
    "bucketsort",
    "bucket sort (LWM paper's sort): global-atomic bucket counts, a one-CTA offset scan, "
    "an atomic scatter, then a thread per bucket insertion-sorts it (divergent loops)",
    "keys (default 131072: 8192 buckets of 16 keys on average, sorted by 128 CTAs of 64 threads)",
    run_bucketsort, 2000, {"lwm"});

}  // namespace wf::workloads::bucketsort
