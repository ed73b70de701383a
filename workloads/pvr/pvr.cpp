// Host driver and CPU reference for pvr.cu: pages with heavy-tailed view counts (most pages
// have a handful of views, so ties are common and the ranks must share places), ranked chunk
// by chunk.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::pvr {
namespace {

constexpr unsigned kCta = 256;  // CTA in pvr.cu: pages per chunk

RunResult run_pvr(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("pvr", options, {.fallback = 450 * kCta, .min = 1, .max = 1 << 22});
  SplitMix64 rng(options.seed);
  std::vector<std::uint32_t> page(n), views(n);
  for (std::size_t i = 0; i < n; ++i) {
    page[i] = static_cast<std::uint32_t>(rng.next());
    // Views in [2^e, 2^(e+1)) with e = floor(14 u^2): 1 to 32767, most of them small.
    const double u = rng.unit();
    const auto e = static_cast<unsigned>(14.0 * u * u);
    views[i] = (1u << e) | static_cast<std::uint32_t>(rng.below(1u << e));
  }

  std::vector<std::uint32_t> want_page(n), want_views(n), want_rank(n);
  for (std::size_t first = 0; first < n; first += kCta) {
    const std::size_t count = std::min<std::size_t>(kCta, n - first);
    std::vector<std::size_t> order(count);
    std::iota(order.begin(), order.end(), first);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return views[a] > views[b]; });
    for (std::size_t i = 0; i < count; ++i) {
      want_page[first + i] = page[order[i]];
      want_views[first + i] = views[order[i]];
      const bool head = i == 0 || views[order[i - 1]] != views[order[i]];
      want_rank[first + i] = head ? std::uint32_t(i + 1) : want_rank[first + i - 1];
    }
  }

  Session session(runtime, "pvr");
  gpu::DevPtr d_page = runtime.upload(page), d_views = runtime.upload(views);
  gpu::DevPtr d_out_page = runtime.malloc(n * 4), d_out_views = runtime.malloc(n * 4);
  gpu::DevPtr d_out_rank = runtime.malloc(n * 4);
  const auto chunks = static_cast<std::uint32_t>((n + kCta - 1) / kCta);
  session.launch("pvr_rank", {chunks}, {kCta},
                 {arg(d_page), arg(d_views), arg(static_cast<std::uint32_t>(n)), arg(d_out_page),
                  arg(d_out_views), arg(d_out_rank)});
  auto out_page = runtime.download<std::uint32_t>(d_out_page, n);
  auto out_views = runtime.download<std::uint32_t>(d_out_views, n);
  auto out_rank = runtime.download<std::uint32_t>(d_out_rank, n);
  for (auto p : {d_page, d_views, d_out_page, d_out_views, d_out_rank}) runtime.free(p);

  if (auto m = first_mismatch("views", want_views, out_views)) return session.finish(m);
  if (auto m = first_mismatch("page", want_page, out_page)) return session.finish(m);
  return session.finish(first_mismatch("rank", want_rank, out_rank));
}

}  // namespace

WF_WORKLOAD("pvr",
            "Page View Rank (Mars MapReduce): per CTA, map (page, views) to view-count keys, "
            "bitonic sort in shared memory, competition ranks by a max-scan; a barrier per step",
            "pages (default 115200: 450 CTAs of 256 threads, a chunk of 256 pages each)", run_pvr,
            1000, {"baws-barrier", "dyncta"}, 21);

}  // namespace wf::workloads::pvr
