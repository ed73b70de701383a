// Host driver and CPU reference for mergesort.cu.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::mergesort {
namespace {

constexpr unsigned kBlock = 256;         // BLOCK in mergesort.cu: 8 warps, as in BAWS Table 2
constexpr unsigned kChunk = 2 * kBlock;  // pairs sorted, or merged, by one CTA

RunResult run_mergesort(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n =
      choose_size("mergesort", options,
                  {.fallback = 1 << 17, .min = kChunk, .max = 1 << 22, .power_of_two = true});
  SplitMix64 rng(options.seed);
  // Few distinct keys, so that the values (each pair's input index) show whether equal keys
  // kept their order.
  std::vector<std::uint32_t> keys(n), vals(n);
  for (auto& k : keys) k = static_cast<std::uint32_t>(rng.below(n / 8));
  std::iota(vals.begin(), vals.end(), 0u);
  std::vector<std::uint32_t> order(vals);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t x, std::uint32_t y) { return keys[x] < keys[y]; });
  std::vector<std::uint32_t> expected_keys(n);
  for (std::size_t i = 0; i < n; ++i) expected_keys[i] = keys[order[i]];

  Session session(runtime, "mergesort");
  gpu::DevPtr in_keys = runtime.upload(keys), in_vals = runtime.upload(vals);
  gpu::DevPtr out_keys = runtime.malloc(n * 4), out_vals = runtime.malloc(n * 4);
  const auto ctas = static_cast<std::uint32_t>(n / kChunk);
  session.launch("merge_sort_shared", {ctas}, {kBlock},
                 {arg(out_keys), arg(out_vals), arg(in_keys), arg(in_vals)});
  for (std::uint32_t run = kChunk; run < n; run *= 2) {
    std::swap(in_keys, out_keys);
    std::swap(in_vals, out_vals);
    session.launch("merge_pass", {ctas}, {kBlock},
                   {arg(out_keys), arg(out_vals), arg(in_keys), arg(in_vals), arg(run)});
  }
  const auto got_keys = runtime.download<std::uint32_t>(out_keys, n);
  const auto got_vals = runtime.download<std::uint32_t>(out_vals, n);
  for (auto p : {in_keys, in_vals, out_keys, out_vals}) runtime.free(p);
  auto mismatch = first_mismatch("keys", expected_keys, got_keys);
  if (!mismatch) mismatch = first_mismatch("values", order, got_vals);
  return session.finish(mismatch);
}

}  // namespace

WF_WORKLOAD("mergesort",
            "stable merge sort of key-value pairs: 512-pair chunks in shared memory, then global "
            "merge passes; binary-search ranking between two barriers per merge step",
            "pairs, a power of two >= 512 (default 131072: 256 CTAs of 256 threads per launch)",
            run_mergesort, 1024, {"baws-barrier", "blocklat"}, 21);

}  // namespace wf::workloads::mergesort
