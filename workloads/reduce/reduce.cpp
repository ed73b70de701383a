// Host driver and CPU reference for reduce.cu.
#include <cstdint>
#include <utility>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::reduce {
namespace {

constexpr unsigned kBlock = 512;                  // threads per CTA (16 warps), a power of two
constexpr unsigned kPerCta = 2 * kBlock;          // elements one CTA sums
constexpr std::uint64_t kMaxElements = 1u << 24;  // keeps the pass count small

std::uint64_t ctas_for(std::uint64_t n) {
  return (n + kPerCta - 1) / kPerCta;
}

RunResult run_reduce(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("reduce", options, {.fallback = 65536, .min = 1, .max = kMaxElements});
  SplitMix64 rng(options.seed);
  std::vector<std::uint32_t> in(n);
  for (auto& x : in) x = static_cast<std::uint32_t>(rng.below(1000));
  std::vector<std::uint32_t> cta_sums(ctas_for(n), 0);
  for (std::size_t i = 0; i < n; ++i) cta_sums[i / kPerCta] += in[i];
  std::uint32_t total = 0;
  for (auto s : cta_sums) total += s;

  Session session(runtime, "reduce");
  gpu::DevPtr src = runtime.upload(in);
  gpu::DevPtr ping = runtime.malloc(ctas_for(n) * sizeof(std::uint32_t));
  gpu::DevPtr pong = runtime.malloc(ctas_for(ctas_for(n)) * sizeof(std::uint32_t));
  // Pass after pass, the partial sums of one pass are the input of the next.
  std::uint64_t count = n;
  gpu::DevPtr in_ptr = src, out_ptr = ping;
  std::vector<std::uint32_t> first_pass;
  do {
    const auto ctas = static_cast<std::uint32_t>(ctas_for(count));
    session.launch("reduce_sum", {ctas}, {kBlock},
                   {arg(in_ptr), arg(out_ptr), arg(static_cast<std::uint32_t>(count))},
                   kBlock * sizeof(std::uint32_t));
    if (first_pass.empty()) first_pass = runtime.download<std::uint32_t>(out_ptr, ctas);
    count = ctas;
    in_ptr = out_ptr;
    out_ptr = (out_ptr == ping) ? pong : ping;
  } while (count > 1);
  auto result = runtime.download<std::uint32_t>(in_ptr, 1);
  for (auto p : {src, ping, pong}) runtime.free(p);

  if (auto m = first_mismatch("partial", cta_sums, first_pass)) return session.finish(m);
  return session.finish(first_mismatch("sum", std::vector<std::uint32_t>{total}, result));
}

}  // namespace

WF_WORKLOAD("reduce",
            "sum of u32 by shared-memory tree reduction, a barrier per level, one launch per pass",
            "elements (default 65536: 64 CTAs of 512 threads, then 1 CTA)", run_reduce, 4096,
            {"lwm"});

}  // namespace wf::workloads::reduce
