// Needleman-Wunsch global alignment scores of two sequences (the Rodinia nw scheme): the
// (n+1) x (n+1) score matrix is cut into 32x32 tiles, and a launch computes one anti-diagonal
// of tiles, one CTA of 32 threads per tile. Inside a tile the cells are computed along its own
// anti-diagonals, 63 steps with a barrier after each: thread tx owns tile column tx, active
// once the wavefront reaches it (steps 0..31 grow the active set, steps 32..62 shrink it).
// score[i][j] = max(score[i-1][j-1] + similarity[i][j], score[i][j-1] - penalty,
//                   score[i-1][j] - penalty); row and column 0 hold the gap penalties.
#define TILE 32

__device__ int maximum(int a, int b, int c) {
  return max(max(a, b), c);
}

// Tiles (tile_x, diagonal - tile_x) for tile_x = first_tile_x + blockIdx.x. `similarity` and
// `score` are (n+1) x (n+1) with row stride `cols` = n + 1; similarity's row and column 0 are
// unused.
extern "C" __global__ void needle_tiles(const int* similarity, int* score, int cols, int penalty,
                                        int diagonal, int first_tile_x) {
  __shared__ int temp[TILE + 1][TILE + 1];
  __shared__ int sim[TILE][TILE];
  const int tx = threadIdx.x;
  const int tile_x = first_tile_x + blockIdx.x;
  const int tile_y = diagonal - tile_x;
  // The cell above and left of the tile's first cell.
  const int corner = cols * TILE * tile_y + TILE * tile_x;

  if (tx == 0) temp[0][0] = score[corner];
  // All loads first, then all stores: a load followed at once by its shared store would wait
  // out the memory latency 32 times in a row.
  int column[TILE];
#pragma unroll
  for (int ty = 0; ty < TILE; ++ty) column[ty] = similarity[corner + cols * (ty + 1) + tx + 1];
#pragma unroll
  for (int ty = 0; ty < TILE; ++ty) sim[ty][tx] = column[ty];
  temp[tx + 1][0] = score[corner + cols * (tx + 1)];
  temp[0][tx + 1] = score[corner + tx + 1];
  __syncthreads();

  for (int m = 0; m < 2 * TILE - 1; ++m) {
    const int y = m - tx;  // this thread's tile row on anti-diagonal m
    if (y >= 0 && y < TILE) {
      temp[y + 1][tx + 1] =
          maximum(temp[y][tx] + sim[y][tx], temp[y + 1][tx] - penalty, temp[y][tx + 1] - penalty);
    }
    __syncthreads();
  }

  for (int ty = 0; ty < TILE; ++ty) score[corner + cols * (ty + 1) + tx + 1] = temp[ty + 1][tx + 1];
}
