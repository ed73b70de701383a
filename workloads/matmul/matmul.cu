// C = A * B for row-major float matrices, A of hA x wA and B of wA x wB, both multiples of TILE
// (the CUDA-SDK matrixMul interface). Each CTA computes one TILE x TILE block of C, staging the
// matching tiles of A and B through shared memory; the two barriers per step are the SDK
// pattern (load, sync, multiply, sync).
#define TILE 16

extern "C" __global__ void matmul(const float* a, const float* b, float* c, int wa, int wb) {
  __shared__ float tile_a[TILE][TILE];
  __shared__ float tile_b[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int k0 = 0; k0 < wa; k0 += TILE) {
    tile_a[ty][tx] = a[row * wa + k0 + tx];
    tile_b[ty][tx] = b[(k0 + ty) * wb + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    __syncthreads();
  }
  c[row * wb + col] = sum;
}
