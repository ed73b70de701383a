// Host driver and CPU reference for histogram.cu.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::histogram {
namespace {

constexpr unsigned kBlock = 256;
constexpr unsigned kMaxCtas = 32;
constexpr unsigned kBins = 256;

RunResult run_histogram(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("histogram", options, {.fallback = 65536, .min = 1, .max = 1 << 26});
  // Half the bytes come from eight hot values, so the shared-memory atomics collide the way
  // they do on real images.
  SplitMix64 rng(options.seed);
  std::vector<std::uint8_t> data(n);
  for (auto& x : data)
    x = static_cast<std::uint8_t>(rng.below(2) ? rng.below(8) * 31 : rng.below(kBins));
  std::vector<std::uint32_t> expected(kBins, 0);
  for (auto x : data) ++expected[x];

  Session session(runtime, "histogram");
  gpu::DevPtr d_data = runtime.upload(data);
  gpu::DevPtr d_bins = runtime.malloc(kBins * sizeof(std::uint32_t));
  runtime.memset(d_bins, 0, kBins * sizeof(std::uint32_t));
  const auto ctas =
      static_cast<std::uint32_t>(std::min<std::uint64_t>(kMaxCtas, (n + kBlock - 1) / kBlock));
  session.launch("histogram256", {ctas}, {kBlock},
                 {arg(d_data), arg(static_cast<std::uint32_t>(n)), arg(d_bins)});
  auto bins = runtime.download<std::uint32_t>(d_bins, kBins);
  for (auto p : {d_data, d_bins}) runtime.free(p);
  return session.finish(first_mismatch("bins", expected, bins));
}

}  // namespace

WF_WORKLOAD("histogram",
            "256-bin byte histogram: shared-memory atomics per CTA, merged with global atomics",
            "input bytes (default 65536: 32 CTAs of 256 threads, 8 bytes per thread)",
            run_histogram, 4096, {"lwm"});

}  // namespace wf::workloads::histogram
