// Host driver and CPU reference for pathfinder.cu.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::pathfinder {
namespace {

constexpr int kBlock = 256;        // BLOCK in pathfinder.cu
constexpr int kPyramidHeight = 5;  // rows per launch
constexpr int kRows = 11;          // the first row plus two launches of 5

std::vector<int> reference_costs(const std::vector<int>& wall, std::size_t cols) {
  std::vector<int> cost(wall.begin(), wall.begin() + static_cast<std::ptrdiff_t>(cols));
  std::vector<int> next(cols);
  for (std::size_t r = 1; r < kRows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      int best = cost[c];
      if (c > 0) best = std::min(best, cost[c - 1]);
      if (c + 1 < cols) best = std::min(best, cost[c + 1]);
      next[c] = best + wall[r * cols + c];
    }
    cost.swap(next);
  }
  return cost;
}

RunResult run_pathfinder(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto cols =
      choose_size("pathfinder", options, {.fallback = 120000, .min = 1, .max = 1 << 22});
  // Rodinia's walls: random weights 0..9.
  SplitMix64 rng(options.seed);
  std::vector<int> wall(kRows * cols);
  for (auto& x : wall) x = static_cast<int>(rng.below(10));
  const auto expected = reference_costs(wall, cols);

  Session session(runtime, "pathfinder");
  gpu::DevPtr d_wall = runtime.upload(wall);
  gpu::DevPtr d_cost[2] = {runtime.malloc(cols * sizeof(int)), runtime.malloc(cols * sizeof(int))};
  runtime.memcpy_to_device(d_cost[0], wall.data(), cols * sizeof(int));
  const int border = kPyramidHeight;
  const int small = kBlock - 2 * kPyramidHeight;
  const auto strips = static_cast<std::uint32_t>((cols + small - 1) / small);
  // The kernel indexes the wall from its second row: row 0 is the starting cost.
  const gpu::DevPtr d_rows = d_wall + cols * sizeof(int);
  int src = 0;
  for (int t = 0; t < kRows - 1; t += kPyramidHeight) {
    const int steps = std::min(kPyramidHeight, kRows - 1 - t);
    session.launch("pathfinder_rows", {strips}, {kBlock},
                   {arg(steps), arg(d_rows), arg(d_cost[src]), arg(d_cost[1 - src]),
                    arg(static_cast<int>(cols)), arg(t), arg(border)});
    src = 1 - src;
  }
  auto result = runtime.download<int>(d_cost[src], cols);
  for (auto p : {d_wall, d_cost[0], d_cost[1]}) runtime.free(p);
  return session.finish(first_mismatch("cost", expected, result));
}

}  // namespace

WF_WORKLOAD("pathfinder",
            "grid shortest path (Rodinia pathfinder): 256-column strips, 5 rows per launch in "
            "shared memory, two barriers per row",
            "columns (default 120000: 488 CTAs of 256 threads, 10 rows in 2 launches)",
            run_pathfinder, 1000, {"baws-other"});

}  // namespace wf::workloads::pathfinder
