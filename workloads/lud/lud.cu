// Blocked LU decomposition without pivoting, in place (the Rodinia lud scheme), in 16x16 blocks.
// For each diagonal block, three kernels:
//   lud_diagonal   one CTA of 16 threads factors the diagonal block in shared memory, one
//                  column of L and one row of U per step, two barriers per step,
//   lud_perimeter  one CTA of 32 threads per block right of and below the diagonal block:
//                  the first 16 threads solve for a block row of U, the other 16 for a block
//                  column of L,
//   lud_internal   one 16x16 CTA per trailing block subtracts the product of its L and U
//                  perimeter blocks (staged in shared memory, one barrier).
// The trailing matrix shrinks by one block row and column per step; a last lud_diagonal
// factors the bottom-right block.
//
// Every product is __fmul_rn so that nvcc cannot fuse it into an fma: the CPU reference repeats
// each rounding step and the check can demand bit equality.
#define BS 16

extern "C" __global__ void lud_diagonal(float* m, int dim, int offset) {
  __shared__ float shadow[BS][BS];
  const int t = threadIdx.x;
  int base = offset * dim + offset;
  for (int i = 0; i < BS; ++i) {
    shadow[i][t] = m[base + t];
    base += dim;
  }
  __syncthreads();
  for (int i = 0; i < BS - 1; ++i) {
    if (t > i) {
      for (int j = 0; j < i; ++j) shadow[t][i] -= __fmul_rn(shadow[t][j], shadow[j][i]);
      shadow[t][i] /= shadow[i][i];
    }
    __syncthreads();
    if (t > i) {
      for (int j = 0; j < i + 1; ++j) shadow[i + 1][t] -= __fmul_rn(shadow[i + 1][j], shadow[j][t]);
    }
    __syncthreads();
  }
  // Row 0 of U is the input's row 0: only rows 1.. changed.
  base = (offset + 1) * dim + offset;
  for (int i = 1; i < BS; ++i) {
    m[base + t] = shadow[i][t];
    base += dim;
  }
}

extern "C" __global__ void lud_perimeter(float* m, int dim, int offset) {
  __shared__ float dia[BS][BS];
  __shared__ float row[BS][BS];
  __shared__ float col[BS][BS];
  const int block = (blockIdx.x + 1) * BS;  // this CTA's block, counted from the diagonal one
  if (threadIdx.x < BS) {
    const int idx = threadIdx.x;
    for (int i = 0; i < BS / 2; ++i) dia[i][idx] = m[(offset + i) * dim + offset + idx];
    for (int i = 0; i < BS; ++i) row[i][idx] = m[(offset + i) * dim + offset + block + idx];
  } else {
    const int idx = threadIdx.x - BS;
    for (int i = BS / 2; i < BS; ++i) dia[i][idx] = m[(offset + i) * dim + offset + idx];
    for (int i = 0; i < BS; ++i) col[i][idx] = m[(offset + block + i) * dim + offset + idx];
  }
  __syncthreads();

  if (threadIdx.x < BS) {
    // U block: forward substitution with the unit lower triangle of the diagonal block.
    const int idx = threadIdx.x;
    for (int i = 1; i < BS; ++i)
      for (int j = 0; j < i; ++j) row[i][idx] -= __fmul_rn(dia[i][j], row[j][idx]);
  } else {
    // L block: solve against the upper triangle of the diagonal block.
    const int idx = threadIdx.x - BS;
    for (int i = 0; i < BS; ++i) {
      for (int j = 0; j < i; ++j) col[idx][i] -= __fmul_rn(col[idx][j], dia[j][i]);
      col[idx][i] /= dia[i][i];
    }
  }
  __syncthreads();

  if (threadIdx.x < BS) {
    const int idx = threadIdx.x;
    for (int i = 1; i < BS; ++i) m[(offset + i) * dim + offset + block + idx] = row[i][idx];
  } else {
    const int idx = threadIdx.x - BS;
    for (int i = 0; i < BS; ++i) m[(offset + block + i) * dim + offset + idx] = col[i][idx];
  }
}

extern "C" __global__ void lud_internal(float* m, int dim, int offset) {
  __shared__ float row[BS][BS];
  __shared__ float col[BS][BS];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int global_row = offset + (blockIdx.y + 1) * BS;
  const int global_col = offset + (blockIdx.x + 1) * BS;
  row[ty][tx] = m[(offset + ty) * dim + global_col + tx];
  col[ty][tx] = m[(global_row + ty) * dim + offset + tx];
  __syncthreads();
  float sum = 0.0f;
  for (int i = 0; i < BS; ++i) sum += __fmul_rn(col[ty][i], row[i][tx]);
  m[(global_row + ty) * dim + global_col + tx] -= sum;
}
