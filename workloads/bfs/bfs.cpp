// Host driver and CPU reference for bfs.cu.
#include <cstdint>
#include <deque>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::bfs {
namespace {

constexpr unsigned kBlock = 256;

// A directed graph in compressed-sparse-row form: the edges of node v are
// edges[row_start[v] .. row_start[v + 1]).
struct Graph {
  std::vector<int> row_start;
  std::vector<int> edges;
};

// Mostly 1..8 out-edges, with an occasional hub of 64, so that the threads of one warp walk
// very different edge counts (the divergence the workload is for).
Graph random_graph(std::size_t nodes, std::uint64_t seed) {
  SplitMix64 rng(seed);
  Graph g;
  g.row_start.push_back(0);
  for (std::size_t v = 0; v < nodes; ++v) {
    const auto degree = rng.below(32) == 0 ? 64 : 1 + rng.below(8);
    for (std::uint64_t e = 0; e < degree; ++e)
      g.edges.push_back(static_cast<int>(rng.below(nodes)));
    g.row_start.push_back(static_cast<int>(g.edges.size()));
  }
  return g;
}

std::vector<int> reference_costs(const Graph& g, int source) {
  std::vector<int> cost(g.row_start.size() - 1, -1);
  std::deque<int> queue{source};
  cost[source] = 0;
  while (!queue.empty()) {
    int v = queue.front();
    queue.pop_front();
    for (int e = g.row_start[v]; e < g.row_start[v + 1]; ++e) {
      int w = g.edges[e];
      if (cost[w] < 0) {
        cost[w] = cost[v] + 1;
        queue.push_back(w);
      }
    }
  }
  return cost;
}

RunResult run_bfs(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("bfs", options, {.fallback = 57600, .min = 2, .max = 1 << 22});
  const Graph g = random_graph(n, options.seed);
  const int source = 0;
  const auto expected = reference_costs(g, source);

  std::vector<int> frontier(n, 0), visited(n, 0), cost(n, -1);
  frontier[source] = visited[source] = 1;
  cost[source] = 0;

  Session session(runtime, "bfs");
  gpu::DevPtr d_rows = runtime.upload(g.row_start), d_edges = runtime.upload(g.edges);
  gpu::DevPtr d_frontier = runtime.upload(frontier), d_visited = runtime.upload(visited);
  gpu::DevPtr d_cost = runtime.upload(cost);
  gpu::DevPtr d_next = runtime.malloc(n * sizeof(int));
  gpu::DevPtr d_changed = runtime.malloc(sizeof(int));
  runtime.memset(d_next, 0, n * sizeof(int));

  const auto grid = static_cast<std::uint32_t>((n + kBlock - 1) / kBlock);
  const int nodes = static_cast<int>(n);
  // One level per iteration; a graph of n nodes has fewer than n levels, so the bound only
  // matters if a kernel never clears `changed`.
  int changed = 1;
  for (std::size_t level = 0; changed && level < n; ++level) {
    runtime.memset(d_changed, 0, sizeof(int));
    session.launch("bfs_expand", {grid}, {kBlock},
                   {arg(d_rows), arg(d_edges), arg(d_frontier), arg(d_next), arg(d_visited),
                    arg(d_cost), arg(nodes)});
    session.launch("bfs_advance", {grid}, {kBlock},
                   {arg(d_frontier), arg(d_next), arg(d_visited), arg(d_changed), arg(nodes)});
    runtime.memcpy_to_host(&changed, d_changed, sizeof(int));
  }
  auto result = runtime.download<int>(d_cost, n);
  for (auto p : {d_rows, d_edges, d_frontier, d_visited, d_cost, d_next, d_changed})
    runtime.free(p);
  if (changed) return session.finish("the frontier was still changing after n levels");
  return session.finish(first_mismatch("cost", expected, result));
}

}  // namespace

WF_WORKLOAD("bfs", "level-synchronous BFS on a random CSR graph; divergent, two launches per level",
            "nodes (default 57600: 225 CTAs of 256 threads)", run_bfs, 512,
            {"baws-other", "lwm", "dyncta"});

}  // namespace wf::workloads::bfs
