// Host driver and CPU reference for multireduce.cu.
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::multireduce {
namespace {

constexpr unsigned kBlock = 256;
constexpr std::size_t kBuffers = 4;  // simpleMultiGPU's GPUs
constexpr unsigned kCtasPerBuffer = 8;
// Elements are integers in [0, kMaxValue]: every partial sum of a buffer of at most 2^20 of
// them stays below 2^24, so each float addition is exact in any order.
constexpr std::uint64_t kMaxValue = 15;
// BLOCKLAT Table 3 runs SimpleMultiGPU with 6 concurrent CTAs per SM: 21 registers per thread
// (ptxas for sm_75 allocates 19) let 6 CTAs of 256 threads fit, as on the paper's machine,
// though 32 CTAs over 15 SMs never need more than 3.
constexpr unsigned kRegsPerThread = 21;

RunResult run_multireduce(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("multireduce", options,
                             {.fallback = kBuffers << 20, .min = kBuffers, .max = kBuffers << 20});
  SplitMix64 rng(options.seed);
  // simpleMultiGPU's split: equal shares, the first n % kBuffers one element longer.
  std::vector<std::vector<float>> buffers(kBuffers);
  for (std::size_t b = 0; b < kBuffers; ++b) {
    buffers[b].resize(n / kBuffers + (b < n % kBuffers ? 1 : 0));
    for (auto& x : buffers[b]) x = static_cast<float>(rng.below(kMaxValue + 1));
  }
  // Which CTA adds which element follows from the kernel's stride; sums as integers.
  const std::size_t stride = kCtasPerBuffer * kBlock;
  std::vector<float> expected_partial(kBuffers * kCtasPerBuffer);
  std::vector<float> expected_total(kBuffers);
  for (std::size_t b = 0; b < kBuffers; ++b) {
    std::vector<std::uint64_t> cta_sum(kCtasPerBuffer, 0);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < buffers[b].size(); ++i) {
      const auto v = static_cast<std::uint64_t>(buffers[b][i]);
      cta_sum[(i % stride) / kBlock] += v;
      total += v;
    }
    for (unsigned c = 0; c < kCtasPerBuffer; ++c)
      expected_partial[b * kCtasPerBuffer + c] = static_cast<float>(cta_sum[c]);
    expected_total[b] = static_cast<float>(total);
  }

  Session session(runtime, "multireduce");
  std::vector<gpu::DevPtr> d_buffers;
  std::vector<int> lengths;
  for (const auto& buf : buffers) {
    d_buffers.push_back(runtime.upload(buf));
    lengths.push_back(static_cast<int>(buf.size()));
  }
  gpu::DevPtr d_table = runtime.upload(d_buffers), d_lengths = runtime.upload(lengths);
  gpu::DevPtr d_partial = runtime.malloc(expected_partial.size() * sizeof(float));
  session.launch(
      "multi_reduce", {static_cast<std::uint32_t>(kBuffers * kCtasPerBuffer)}, {kBlock},
      {arg(d_table), arg(d_lengths), arg(static_cast<int>(kCtasPerBuffer)), arg(d_partial)},
      kBlock * sizeof(float));
  const auto partial = runtime.download<float>(d_partial, expected_partial.size());
  for (auto p : d_buffers) runtime.free(p);
  for (auto p : {d_table, d_lengths, d_partial}) runtime.free(p);
  // The host's part of simpleMultiGPU: add each buffer's CTA sums.
  std::vector<float> total(kBuffers, 0.0f);
  for (std::size_t b = 0; b < kBuffers; ++b)
    for (unsigned c = 0; c < kCtasPerBuffer; ++c) total[b] += partial[b * kCtasPerBuffer + c];
  auto mismatch = first_mismatch("CTA sum", expected_partial, partial);
  if (!mismatch) mismatch = first_mismatch("buffer sum", expected_total, total);
  return session.finish(mismatch);
}

}  // namespace

WF_WORKLOAD("multireduce",
            "simpleMultiGPU's reduction in one launch: 4 float buffers, each summed by its own "
            "8 CTAs (strided per-thread sums, then a shared-memory tree); host adds CTA sums",
            "elements over all 4 buffers (default 4194304; always 32 CTAs of 256 threads)",
            run_multireduce, 65536, {"blocklat"}, kRegsPerThread);

}  // namespace wf::workloads::multireduce
