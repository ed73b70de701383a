// One 16x16 block of Rodinia's Needleman-Wunsch (needle/nw): the anti-diagonal sweeps over a
// shared score matrix. nvcc 13 (-arch=sm_75) addresses temp[y-1][x-1] through a 32-bit register
// holding temp - 64 plus an immediate +68, which is below zero for tx = 0 when temp sits at
// shared offset 0: the executor must wrap the sum modulo 2^32. Regenerate with
//   cd tests/ptx/data && nvcc -ptx -arch=sm_75 -o needle_block.ptx needle_block.cu
#define B 16

extern "C" __global__ void needle_block(const int* ref, int* out, int penalty) {
  __shared__ int temp[B + 1][B + 1];
  __shared__ int refs[B][B];
  int tx = threadIdx.x;
  for (int i = 0; i < B; ++i) refs[i][tx] = ref[i * B + tx];
  temp[tx + 1][0] = -(tx + 1) * penalty;
  temp[0][tx + 1] = -(tx + 1) * penalty;
  if (tx == 0) temp[0][0] = 0;
  __syncthreads();
  for (int m = 0; m < B; ++m) {
    if (tx <= m) {
      int x = tx + 1, y = m - tx + 1;
      int a = temp[y - 1][x - 1] + refs[y - 1][x - 1];
      int b = temp[y][x - 1] - penalty;
      int c = temp[y - 1][x] - penalty;
      temp[y][x] = max(a, max(b, c));
    }
    __syncthreads();
  }
  for (int m = B - 2; m >= 0; --m) {
    if (tx <= m) {
      int x = tx + B - m, y = B - tx;
      int a = temp[y - 1][x - 1] + refs[y - 1][x - 1];
      int b = temp[y][x - 1] - penalty;
      int c = temp[y - 1][x] - penalty;
      temp[y][x] = max(a, max(b, c));
    }
    __syncthreads();
  }
  for (int i = 0; i < B; ++i) out[i * B + tx] = temp[i + 1][tx + 1];
}
