// The project's pathfinder workload kernel (workloads/pathfinder/pathfinder.cu): the cheapest
// top-to-bottom path cost of a 33 x 4096 grid, 8 rows per launch on 256-column strips (the
// Rodinia pyramid), launches 0-3. The host checks every column's cost.
#include <algorithm>

#include "common.h"
#include "../../../workloads/pathfinder/pathfinder.cu"

int main() {
  const int rows = 33, cols = 4096, height = 8;
  Rng rng(7);
  std::vector<int> wall(rows * cols);
  for (auto& x : wall) x = static_cast<int>(rng.below(10));
  int *d_wall, *d_a, *d_b;
  CHECK(cudaMalloc(&d_wall, rows * cols * 4));
  CHECK(cudaMalloc(&d_a, cols * 4));
  CHECK(cudaMalloc(&d_b, cols * 4));
  CHECK(cudaMemcpy(d_wall, wall.data(), rows * cols * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_a, wall.data(), cols * 4, cudaMemcpyHostToDevice));
  flush_l2();
  const int small = BLOCK - 2 * height;
  const int ctas = (cols + small - 1) / small;
  int *src = d_a, *dst = d_b;
  for (int t = 0; t < rows - 1; t += height) {
    const int it = std::min(height, rows - 1 - t);
    pathfinder_rows<<<ctas, BLOCK>>>(it, d_wall + cols, src, dst, cols, t, height);
    LAUNCHED();
    std::swap(src, dst);
  }
  std::vector<int> got(cols), cost(wall.begin(), wall.begin() + cols), next(cols);
  CHECK(cudaMemcpy(got.data(), src, cols * 4, cudaMemcpyDeviceToHost));
  for (int r = 1; r < rows; ++r) {
    for (int x = 0; x < cols; ++x) {
      int best = cost[x];
      if (x > 0) best = std::min(best, cost[x - 1]);
      if (x < cols - 1) best = std::min(best, cost[x + 1]);
      next[x] = best + wall[r * cols + x];
    }
    cost.swap(next);
  }
  require(got == cost, "pathfinder costs");
  std::printf("PASS\n");
  return 0;
}
