// B+ tree search in the style of Rodinia's b+tree: one CTA per query walks the tree from the
// root to a leaf, one level per step; its ORDER threads compare the query against the node's
// keys in parallel, the one whose key interval holds the query publishes the child, and two
// barriers per level hand the child to every thread (publish, sync, read, sync) — the
// barriers that make the benchmark barrier-bound.
#define ORDER 256  // children per node = threads per CTA; a leaf holds at most ORDER - 1 keys
#define SLOTS (ORDER + 1)

// keys[] is padded with INT_MAX, so the interval test needs no bound check. Internal node:
// keys[i] is the smallest key under child indices[i] (keys[0] = INT_MIN). Leaf: keys[i] is a
// key and indices[i] its position in the sorted record array (padding slots continue the
// count, so indices[num_keys] is the next leaf's first position).
struct Knode {
  int keys[SLOTS];
  int indices[SLOTS];
  int num_keys;
  int is_leaf;
};

// answers[q] = records[position of queries[q]], or stays as the host initialized it when the
// key is absent. The root is node 0; all leaves are `height` levels below it.
extern "C" __global__ void bt_find_k(const Knode* nodes, int height, const int* records,
                                     const int* queries, int* answers) {
  __shared__ int child;
  const int t = threadIdx.x;
  const int q = queries[blockIdx.x];
  int node = 0;
#pragma unroll 1
  for (int level = 0; level < height; ++level) {
    const Knode* n = &nodes[node];
    if (n->keys[t] <= q && q < n->keys[t + 1]) child = n->indices[t];
    __syncthreads();
    node = child;
    __syncthreads();  // nobody overwrites `child` before everyone has read it
  }
  const Knode* leaf = &nodes[node];
  if (t < leaf->num_keys && leaf->keys[t] == q) answers[blockIdx.x] = records[leaf->indices[t]];
}

// For each range [lo[q], hi[q]]: start[q] = position of the first key >= lo, length[q] = the
// number of keys in the range. Both ends descend together; at the leaves the lower end's
// position is shared through a third barrier before the upper end's thread subtracts it.
// length[q] stays as the host initialized it when hi is below every key.
extern "C" __global__ void bt_find_range_k(const Knode* nodes, int height, const int* lo,
                                           const int* hi, int* start, int* length) {
  __shared__ int child_lo, child_hi, first;
  const int t = threadIdx.x;
  const int a = lo[blockIdx.x], b = hi[blockIdx.x];
  int node_lo = 0, node_hi = 0;
#pragma unroll 1
  for (int level = 0; level < height; ++level) {
    const Knode* n = &nodes[node_lo];
    if (n->keys[t] <= a && a < n->keys[t + 1]) child_lo = n->indices[t];
    const Knode* m = &nodes[node_hi];
    if (m->keys[t] <= b && b < m->keys[t + 1]) child_hi = m->indices[t];
    __syncthreads();
    node_lo = child_lo;
    node_hi = child_hi;
    __syncthreads();
  }
  // Lower bound: the slot whose key is the first >= a. When every key of this leaf is below
  // a, that is the padding slot num_keys, whose index is the next leaf's first position.
  const Knode* l = &nodes[node_lo];
  if (l->keys[t] >= a && (t == 0 || l->keys[t - 1] < a)) {
    first = l->indices[t];
    start[blockIdx.x] = first;
  }
  __syncthreads();
  const Knode* h = &nodes[node_hi];
  if (t < h->num_keys && h->keys[t] <= b && b < h->keys[t + 1])
    length[blockIdx.x] = h->indices[t] - first + 1;
}
