// Host driver and CPU reference for fwt.cu.
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::fwt {
namespace {

constexpr unsigned kBlock = 512;         // BLOCK in fwt.cu: 16 warps, as in BAWS Table 2
constexpr unsigned kChunk = 2 * kBlock;  // elements transformed inside one CTA

// Integer inputs in [-8, 8] keep every intermediate below 8 * n <= 2^23, exact in a float, so
// the GPU result must equal the integer transform bit for bit.
std::vector<std::int64_t> walsh(std::vector<std::int64_t> x) {
  for (std::size_t stride = 1; stride < x.size(); stride <<= 1)
    for (std::size_t i = 0; i < x.size(); ++i)
      if ((i & stride) == 0) {
        auto a = x[i], b = x[i + stride];
        x[i] = a + b;
        x[i + stride] = a - b;
      }
  return x;
}

RunResult run_fwt(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size(
      "fwt", options, {.fallback = 1 << 18, .min = kChunk, .max = 1 << 20, .power_of_two = true});
  SplitMix64 rng(options.seed);
  std::vector<std::int64_t> ints(n);
  for (auto& x : ints) x = static_cast<std::int64_t>(rng.below(17)) - 8;
  std::vector<float> data(ints.begin(), ints.end());
  const auto transformed = walsh(ints);
  std::vector<float> expected(transformed.begin(), transformed.end());

  Session session(runtime, "fwt");
  gpu::DevPtr d = runtime.upload(data);
  const auto ctas = static_cast<std::uint32_t>(n / kChunk);
  for (auto stride = static_cast<std::uint32_t>(n / 2); stride >= kChunk; stride >>= 1)
    session.launch("fwt_global", {ctas}, {kBlock}, {arg(d), arg(stride)});
  session.launch("fwt_shared", {ctas}, {kBlock}, {arg(d)});
  auto result = runtime.download<float>(d, n);
  runtime.free(d);
  return session.finish(first_mismatch("data", expected, result));
}

}  // namespace

WF_WORKLOAD("fwt",
            "fast Walsh-Hadamard transform: one launch per large stride, then the small strides "
            "in shared memory with a barrier per stage",
            "elements, a power of two >= 1024 (default 262144: 256 CTAs of 512 threads)", run_fwt,
            2048, {"baws-barrier"}, 21);

}  // namespace wf::workloads::fwt
