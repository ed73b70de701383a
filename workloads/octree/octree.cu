// Octree partitioning after Cederman and Tsigas' GPU load-balancing benchmark: the domain is
// cut into bricks (the top levels of the tree), and each CTA takes one brick as a task and
// refines it depth-first: pop a node, count its points per octant, turn the counts into
// offsets, scatter the points to their octants, push the children that still hold more than
// LEAF points. Every phase of every node is separated by a barrier; a single thread does the
// task bookkeeping while the others wait, as in the original's task management.
#define CTA 256  // threads per CTA
#define WARPS (CTA / 32)
#define LEAF 64   // a node of at most LEAF points is a leaf
#define LEVELS 7  // a brick is 128^3 cells: seven halvings down to one cell
#define STACK 64  // > 7 * (LEVELS - 1) + 1, the deepest a depth-first stack can get
#define FULL 0xffffffffu

// A point is packed as x | y << 10 | z << 20, 10 bits per coordinate. A node at depth d of a
// brick spans 128 >> d cells per axis, so bit (6 - d) of each coordinate picks its octant.
__device__ unsigned octant(unsigned p, unsigned shift) {
  return (p >> shift & 1) | (p >> (9 + shift) & 2) | (p >> (18 + shift) & 4);
}

// Brick b holds pts[brick_start[b] .. + brick_count[b]); they end up ordered by octant at
// every level (stably: equal octants keep their order), with tmp as the scatter target.
// children[(split_base[b] + s) * 8 + o] = points in octant o of the s-th node split (in
// depth-first order, last octant first); splits[b] = how many nodes were split. The host
// leaves room for 7 * (count / (LEAF + 1)) + 1 splits: the nodes split at one depth are
// disjoint and each holds more than LEAF points.
extern "C" __global__ void octree_partition(unsigned* pts, unsigned* tmp,
                                            const unsigned* brick_start,
                                            const unsigned* brick_count, const unsigned* split_base,
                                            unsigned* children, unsigned* splits) {
  __shared__ unsigned stack_start[STACK], stack_count[STACK], stack_depth[STACK];
  __shared__ unsigned top;
  __shared__ unsigned total[8];
  __shared__ unsigned next[8];           // next free slot of each octant
  __shared__ unsigned offset[WARPS][8];  // a warp's count per octant, then its first slot
  const unsigned t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const unsigned below = (1u << lane) - 1;  // lanes before this one
  unsigned done = 0;                        // nodes split so far; kept by thread 0
  if (t == 0) {
    stack_start[0] = brick_start[blockIdx.x];
    stack_count[0] = brick_count[blockIdx.x];
    stack_depth[0] = 0;
    top = brick_count[blockIdx.x] > LEAF;
  }
  __syncthreads();
  while (top > 0) {
    const unsigned start = stack_start[top - 1], count = stack_count[top - 1];
    const unsigned depth = stack_depth[top - 1], shift = LEVELS - 1 - depth;
    if (t < 8) total[t] = 0;
    __syncthreads();

    // Count: per warp and octant, one vote and one shared atomic by lane 0.
#pragma unroll 1
    for (unsigned c = 0; c < count; c += CTA) {
      const unsigned o = c + t < count ? octant(pts[start + c + t], shift) : 8;
      for (unsigned k = 0; k < 8; ++k) {
        const unsigned m = __ballot_sync(FULL, o == k);
        if (lane == 0 && m != 0) atomicAdd(&total[k], __popc(m));
      }
    }
    __syncthreads();
    if (t == 0) {
      unsigned run = start;
      for (unsigned k = 0; k < 8; ++k) {
        next[k] = run;
        run += total[k];
      }
    }
    __syncthreads();

    // Scatter, a CTA-wide chunk at a time: a point's slot is its octant's next free slot, plus
    // the points of that octant in earlier warps, plus those in earlier lanes of its warp.
#pragma unroll 1
    for (unsigned c = 0; c < count; c += CTA) {
      const bool have = c + t < count;
      const unsigned p = have ? pts[start + c + t] : 0;
      const unsigned o = have ? octant(p, shift) : 8;
      unsigned same = 0;
      for (unsigned k = 0; k < 8; ++k) {
        const unsigned m = __ballot_sync(FULL, o == k);
        if (o == k) same = m;
        if (lane == k) offset[warp][k] = __popc(m);
      }
      __syncthreads();
      if (t < 8) {
        unsigned run = next[t];
        for (unsigned w = 0; w < WARPS; ++w) {
          const unsigned n = offset[w][t];
          offset[w][t] = run;
          run += n;
        }
        next[t] = run;
      }
      __syncthreads();
      if (have) tmp[offset[warp][o] + __popc(same & below)] = p;
    }
    __syncthreads();
#pragma unroll 1
    for (unsigned i = t; i < count; i += CTA) pts[start + i] = tmp[start + i];

    // Bookkeeping: record the split, replace the node by its children that need splitting.
    if (t == 0) {
      unsigned* out = children + (split_base[blockIdx.x] + done) * 8;
      unsigned at = start, n = top - 1;
      for (unsigned k = 0; k < 8; ++k) {
        out[k] = total[k];
        if (total[k] > LEAF && depth + 1 < LEVELS) {
          stack_start[n] = at;
          stack_count[n] = total[k];
          stack_depth[n] = depth + 1;
          ++n;
        }
        at += total[k];
      }
      top = n;
      ++done;
    }
    __syncthreads();
  }
  if (t == 0) splits[blockIdx.x] = done;
}
