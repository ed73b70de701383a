// Thermal simulation of a chip (the Rodinia hotspot scheme): every step, each cell's
// temperature moves towards its four neighbours', the ambient temperature and its own power
// dissipation. One kernel launch runs `iterations` steps on 16x16 tiles in shared memory with
// the "pyramid" trick: a tile loads a halo of `iterations` cells on every side, each step the
// ring of cells that can still be computed shrinks by one, and the inner 16 - 2 * iterations
// square is written back. Two barriers per step (compute, then copy the step's result back).
// At the chip's edge a cell is its own missing neighbour.
//
// Every product is __fmul_rn so that nvcc cannot fuse it into an fma: the CPU reference repeats
// each rounding step and the check can demand bit equality.
#define BLOCK 16

__device__ bool in_range(int x, int lo, int hi) {
  return x >= lo && x <= hi;
}

extern "C" __global__ void hotspot_step(int iterations, const float* power, const float* src,
                                        float* dst, int cols, int rows, int border_cols,
                                        int border_rows, float cap, float rx, float ry, float rz,
                                        float step) {
  __shared__ float temp[BLOCK][BLOCK];
  __shared__ float pwr[BLOCK][BLOCK];
  __shared__ float next[BLOCK][BLOCK];
  const float amb = 80.0f;
  const float step_div_cap = step / cap;
  const float rx_1 = 1.0f / rx, ry_1 = 1.0f / ry, rz_1 = 1.0f / rz;
  const int tx = threadIdx.x, ty = threadIdx.y;

  // This tile's top-left cell, the halo included, in chip coordinates.
  const int small = BLOCK - 2 * iterations;
  const int blk_y = small * blockIdx.y - border_rows;
  const int blk_x = small * blockIdx.x - border_cols;
  const int y = blk_y + ty, x = blk_x + tx;
  const int index = cols * y + x;
  if (in_range(y, 0, rows - 1) && in_range(x, 0, cols - 1)) {
    temp[ty][tx] = src[index];
    pwr[ty][tx] = power[index];
  }
  __syncthreads();

  // The part of the tile that lies on the chip, and this cell's neighbours clamped to it.
  const int valid_y_min = blk_y < 0 ? -blk_y : 0;
  const int valid_y_max =
      blk_y + BLOCK - 1 > rows - 1 ? BLOCK - 1 - (blk_y + BLOCK - rows) : BLOCK - 1;
  const int valid_x_min = blk_x < 0 ? -blk_x : 0;
  const int valid_x_max =
      blk_x + BLOCK - 1 > cols - 1 ? BLOCK - 1 - (blk_x + BLOCK - cols) : BLOCK - 1;
  const int n = max(ty - 1, valid_y_min), s = min(ty + 1, valid_y_max);
  const int w = max(tx - 1, valid_x_min), e = min(tx + 1, valid_x_max);

  bool computed = false;
  for (int i = 0; i < iterations; ++i) {
    computed = false;
    if (in_range(tx, i + 1, BLOCK - i - 2) && in_range(ty, i + 1, BLOCK - i - 2) &&
        in_range(tx, valid_x_min, valid_x_max) && in_range(ty, valid_y_min, valid_y_max)) {
      computed = true;
      const float t = temp[ty][tx];
      const float flow = pwr[ty][tx] +
                         __fmul_rn(temp[s][tx] + temp[n][tx] - __fmul_rn(2.0f, t), ry_1) +
                         __fmul_rn(temp[ty][e] + temp[ty][w] - __fmul_rn(2.0f, t), rx_1) +
                         __fmul_rn(amb - t, rz_1);
      next[ty][tx] = t + __fmul_rn(step_div_cap, flow);
    }
    __syncthreads();
    if (i == iterations - 1) break;
    if (computed) temp[ty][tx] = next[ty][tx];
    __syncthreads();
  }
  if (computed) dst[index] = next[ty][tx];
}
