// C = A * B for square row-major n x n float matrices, n a multiple of TILE. Each CTA computes
// one TILE x TILE block of C, staging the matching tiles of A and B through shared memory; the
// two barriers per step are the CUDA-SDK pattern (load, sync, multiply, sync).
#define TILE 16

extern "C" __global__ void matmul(const float* a, const float* b, float* c, int n) {
  __shared__ float tile_a[TILE][TILE];
  __shared__ float tile_b[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    tile_a[ty][tx] = a[row * n + k0 + tx];
    tile_b[ty][tx] = b[(k0 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    __syncthreads();
  }
  c[row * n + col] = sum;
}
