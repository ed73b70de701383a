// Level-synchronous breadth-first search over a CSR graph (the Rodinia scheme). One thread
// per node; two kernels per level. bfs_expand: every frontier node marks its unvisited
// neighbours (divergent: only frontier threads work, and their degrees differ). bfs_advance:
// the marked nodes become the next frontier and raise `changed` so the host runs another level.
// Several frontier nodes may write the same neighbour's cost; they all write the same value.
extern "C" __global__ void bfs_expand(const int* row_start, const int* edges, int* frontier,
                                      int* next, const int* visited, int* cost, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || !frontier[v]) return;
  frontier[v] = 0;
  for (int e = row_start[v]; e < row_start[v + 1]; ++e) {
    int w = edges[e];
    if (!visited[w]) {
      cost[w] = cost[v] + 1;
      next[w] = 1;
    }
  }
}

extern "C" __global__ void bfs_advance(int* frontier, int* next, int* visited, int* changed,
                                       int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || !next[v]) return;
  frontier[v] = 1;
  visited[v] = 1;
  next[v] = 0;
  *changed = 1;
}
