// Breadth-first search the way Rodinia's bfs does it: nodes as a struct array, two kernels per
// level, and a host loop that relaunches them until the device clears a flag. The graph is
// generated from a fixed seed; the costs are checked against a host BFS.
#include <cstdio>
#include <cstdlib>
#include <queue>
#include <vector>

#include "check.h"

struct Node {
  int first_edge;
  int edge_count;
};

__global__ void expand(const Node* nodes, const int* edges, bool* frontier, bool* next,
                       const bool* visited, int* cost, int n) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || !frontier[v]) return;
  frontier[v] = false;
  for (int e = nodes[v].first_edge; e < nodes[v].first_edge + nodes[v].edge_count; ++e) {
    const int w = edges[e];
    if (!visited[w]) {
      cost[w] = cost[v] + 1;
      next[w] = true;
    }
  }
}

__global__ void advance(bool* frontier, bool* next, bool* visited, bool* again, int n) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || !next[v]) return;
  frontier[v] = true;
  visited[v] = true;
  *again = true;
  next[v] = false;
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 4096;
  std::vector<Node> nodes(n);
  std::vector<int> edges;
  unsigned seed = 12345;
  auto rnd = [&] { return (seed = seed * 1103515245u + 12345u) >> 8; };
  for (int v = 0; v < n; ++v) {
    nodes[v].first_edge = static_cast<int>(edges.size());
    nodes[v].edge_count = 1 + rnd() % 4;
    for (int k = 0; k < nodes[v].edge_count; ++k) edges.push_back(rnd() % n);
  }
  std::vector<char> frontier(n, 0), visited(n, 0);
  std::vector<int> cost(n, -1);
  frontier[0] = visited[0] = 1;
  cost[0] = 0;

  Node* d_nodes;
  int *d_edges, *d_cost;
  bool *d_frontier, *d_next, *d_visited, *d_again;
  CHECK(cudaMalloc(&d_nodes, n * sizeof(Node)));
  CHECK(cudaMalloc(&d_edges, edges.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_cost, n * sizeof(int)));
  CHECK(cudaMalloc(&d_frontier, n));
  CHECK(cudaMalloc(&d_next, n));
  CHECK(cudaMalloc(&d_visited, n));
  CHECK(cudaMalloc(&d_again, 1));
  CHECK(cudaMemcpy(d_nodes, nodes.data(), n * sizeof(Node), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_edges, edges.data(), edges.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_cost, cost.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_frontier, frontier.data(), n, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_next, 0, n));
  CHECK(cudaMemcpy(d_visited, visited.data(), n, cudaMemcpyHostToDevice));

  const int threads = 256, blocks = (n + threads - 1) / threads;
  int levels = 0;
  bool again;
  do {
    again = false;
    CHECK(cudaMemcpy(d_again, &again, 1, cudaMemcpyHostToDevice));
    expand<<<blocks, threads>>>(d_nodes, d_edges, d_frontier, d_next, d_visited, d_cost, n);
    advance<<<blocks, threads>>>(d_frontier, d_next, d_visited, d_again, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(&again, d_again, 1, cudaMemcpyDeviceToHost));
    ++levels;
  } while (again);
  CHECK(cudaMemcpy(cost.data(), d_cost, n * sizeof(int), cudaMemcpyDeviceToHost));

  std::vector<int> expected(n, -1);
  std::queue<int> q;
  expected[0] = 0;
  q.push(0);
  while (!q.empty()) {
    const int v = q.front();
    q.pop();
    for (int e = nodes[v].first_edge; e < nodes[v].first_edge + nodes[v].edge_count; ++e)
      if (expected[edges[e]] < 0) {
        expected[edges[e]] = expected[v] + 1;
        q.push(edges[e]);
      }
  }
  int wrong = 0, reached = 0, deepest = 0;
  for (int v = 0; v < n; ++v) {
    wrong += cost[v] != expected[v];
    reached += cost[v] >= 0;
    deepest = cost[v] > deepest ? cost[v] : deepest;
  }
  std::printf("bfs: %d nodes, %zu edges, %d kernel pairs, %d reached, deepest %d, %d wrong\n", n,
              edges.size(), levels, reached, deepest, wrong);
  std::printf("%s\n", wrong ? "FAIL" : "PASS");
  return wrong ? 1 : 0;
}
