// Host driver and CPU reference for vecadd.cu.
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::vecadd {
namespace {

constexpr unsigned kBlock = 256;

RunResult run_vecadd(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("vecadd", options, {.fallback = 16384, .min = 1, .max = 1 << 24});
  SplitMix64 rng(options.seed);
  std::vector<float> a(n), b(n), expected(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(rng.unit() * 200.0 - 100.0);
    b[i] = static_cast<float>(rng.unit() * 200.0 - 100.0);
    expected[i] = a[i] + b[i];  // one IEEE single add, as add.f32 does
  }

  Session session(runtime, "vecadd");
  gpu::DevPtr da = runtime.upload(a), db = runtime.upload(b);
  gpu::DevPtr dc = runtime.malloc(n * sizeof(float));
  const auto grid = static_cast<std::uint32_t>((n + kBlock - 1) / kBlock);
  session.launch("vecadd", {grid}, {kBlock}, {arg(da), arg(db), arg(dc), arg(int(n))});
  auto c = runtime.download<float>(dc, n);
  for (auto p : {da, db, dc}) runtime.free(p);
  return session.finish(first_mismatch("c", expected, c));
}

}  // namespace

WF_WORKLOAD("vecadd", "c = a + b on floats, one element per thread; no synchronization",
            "elements (default 16384: 64 CTAs of 256 threads)", run_vecadd, 2048, {"blocklat"});

}  // namespace wf::workloads::vecadd
