// The project's bfs workload kernels (workloads/bfs/bfs.cu): level-synchronous breadth-first
// search over a random CSR graph of 16384 nodes and 104141 edges (1 to 8 out-edges, one node in
// 32 a hub of 64, as in the workload; 64 CTAs of 256 threads), from 256 sources (every 64th
// node). One level per pair of launches, bfs_expand then bfs_advance, until a level marks no
// new node: 6 levels, launches 0-11 (even: expand, odd: advance). The host runs the same
// multi-source BFS and checks every node's cost (-1 for the unreached), its visited flag and
// the number of levels.
#include <algorithm>
#include <deque>

#include "common.h"
#include "../../../workloads/bfs/bfs.cu"

int main() {
  const int n = 16384, block = 256, sources = 256;
  Rng rng(10);
  std::vector<int> row_start{0}, edges;
  for (int v = 0; v < n; ++v) {
    const int degree = rng.below(32) == 0 ? 64 : 1 + static_cast<int>(rng.below(8));
    for (int e = 0; e < degree; ++e) edges.push_back(static_cast<int>(rng.below(n)));
    row_start.push_back(static_cast<int>(edges.size()));
  }
  std::vector<int> frontier(n, 0), visited(n, 0), cost(n, -1), zero(n, 0);
  std::deque<int> queue;
  for (int s = 0; s < sources; ++s) {
    const int v = s * (n / sources);
    frontier[v] = visited[v] = 1;
    cost[v] = 0;
    queue.push_back(v);
  }
  // The reference: a multi-source BFS, every source at depth 0.
  std::vector<int> want = cost;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    for (int e = row_start[v]; e < row_start[v + 1]; ++e)
      if (want[edges[e]] < 0) {
        want[edges[e]] = want[v] + 1;
        queue.push_back(edges[e]);
      }
  }

  int *d_rows, *d_edges, *d_frontier, *d_next, *d_visited, *d_cost, *d_changed;
  CHECK(cudaMalloc(&d_rows, row_start.size() * 4));
  CHECK(cudaMalloc(&d_edges, edges.size() * 4));
  CHECK(cudaMalloc(&d_frontier, n * 4));
  CHECK(cudaMalloc(&d_next, n * 4));
  CHECK(cudaMalloc(&d_visited, n * 4));
  CHECK(cudaMalloc(&d_cost, n * 4));
  CHECK(cudaMalloc(&d_changed, 4));
  CHECK(cudaMemcpy(d_rows, row_start.data(), row_start.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_edges, edges.data(), edges.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_frontier, frontier.data(), n * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_next, zero.data(), n * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_visited, visited.data(), n * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_cost, cost.data(), n * 4, cudaMemcpyHostToDevice));
  flush_l2();
  const int grid = (n + block - 1) / block;
  int changed = 1, levels = 0;
  while (changed) {
    require(levels < 8, "bfs: the frontier was still changing after 8 levels");
    changed = 0;
    CHECK(cudaMemcpy(d_changed, &changed, 4, cudaMemcpyHostToDevice));
    bfs_expand<<<grid, block>>>(d_rows, d_edges, d_frontier, d_next, d_visited, d_cost, n);
    LAUNCHED();
    bfs_advance<<<grid, block>>>(d_frontier, d_next, d_visited, d_changed, n);
    LAUNCHED();
    CHECK(cudaMemcpy(&changed, d_changed, 4, cudaMemcpyDeviceToHost));
    ++levels;
  }
  std::vector<int> got(n), got_visited(n);
  CHECK(cudaMemcpy(got.data(), d_cost, n * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(got_visited.data(), d_visited, n * 4, cudaMemcpyDeviceToHost));
  int depth = 0;
  for (int v = 0; v < n; ++v) {
    depth = std::max(depth, want[v]);
    require(got_visited[v] == (want[v] >= 0), "bfs visited flags");
  }
  require(got == want, "bfs costs");
  require(levels == depth + 1, "bfs level count");
  std::printf("PASS\n");
  return 0;
}
