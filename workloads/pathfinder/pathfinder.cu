// Minimum-cost path through a grid, top row to bottom row, moving down, down-left or
// down-right (the Rodinia pathfinder scheme): row by row, each column's cost becomes its wall
// weight plus the cheapest of the three costs above it. One kernel launch advances `iterations`
// rows on 256-column strips with the "pyramid" trick: a strip overlaps its neighbours by
// `iterations` columns on each side, each row the part that can still be computed shrinks by
// one column per side, and the inner columns are written back. Two barriers per row.
#define BLOCK 256

__device__ bool in_range(int x, int lo, int hi) {
  return x >= lo && x <= hi;
}

extern "C" __global__ void pathfinder_rows(int iterations, const int* wall, const int* src,
                                           int* dst, int cols, int start_row, int border) {
  __shared__ int prev[BLOCK];
  __shared__ int result[BLOCK];
  const int tx = threadIdx.x;
  const int small = BLOCK - 2 * iterations;
  const int blk_x = small * blockIdx.x - border;
  const int x = blk_x + tx;
  const int valid_min = blk_x < 0 ? -blk_x : 0;
  const int valid_max =
      blk_x + BLOCK - 1 > cols - 1 ? BLOCK - 1 - (blk_x + BLOCK - cols) : BLOCK - 1;
  const int w = max(tx - 1, valid_min), e = min(tx + 1, valid_max);
  const bool valid = in_range(tx, valid_min, valid_max);

  if (in_range(x, 0, cols - 1)) prev[tx] = src[x];
  __syncthreads();
  bool computed = false;
  for (int i = 0; i < iterations; ++i) {
    computed = false;
    if (in_range(tx, i + 1, BLOCK - i - 2) && valid) {
      computed = true;
      const int shortest = min(min(prev[w], prev[tx]), prev[e]);
      result[tx] = shortest + wall[cols * (start_row + i) + x];
    }
    __syncthreads();
    if (i == iterations - 1) break;
    if (computed) prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed) dst[x] = result[tx];
}
