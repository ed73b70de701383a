// Partial-line stores against full-line stores of the same number of bytes. 120 CTAs of 256
// threads; each RATE line is bytes stored (or moved) per core cycle.
//   launch 0  st_full          122880 4-byte stores, consecutive (full 128-byte lines)
//   launch 1  st_partial128    122880 4-byte stores, one per 128-byte line (a 128-byte stride)
//   launch 2  copy_matrix      512 x 512 floats, out[y][x] = in[y][x]   (bytes read + written)
//   launch 3  transpose_naive  512 x 512 floats, out[x][y] = in[y][x]: coalesced reads, each
//                              warp's store touches 32 lines, 4 bytes each (bytes read + written)
// The host checks every result.
#include "common.h"

constexpr int kCtas = 120, kThreads = 256, kT = kCtas * kThreads, kPer = 4;
constexpr int kN = 512;

__global__ void store_stride(float* a, int stride) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int j = 0; j < kPer; ++j) {
    const int i = j * kT + t;
    a[static_cast<size_t>(i) * stride] = static_cast<float>(i);
  }
}

__global__ void copy_matrix(const float* in, float* out) {
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  out[y * kN + x] = in[y * kN + x];
}

__global__ void transpose_naive(const float* in, float* out) {
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  out[x * kN + y] = in[y * kN + x];
}

int main() {
  const size_t n = static_cast<size_t>(kT) * kPer;
  float *full, *part;
  CHECK(cudaMalloc(&full, n * 4));
  CHECK(cudaMalloc(&part, n * 128));
  CHECK(cudaMemset(full, 0, n * 4));
  CHECK(cudaMemset(part, 0, n * 128));
  std::vector<float> hin(kN * kN);
  for (int i = 0; i < kN * kN; ++i) hin[i] = static_cast<float>(i);
  float *in, *out1, *out2;
  CHECK(cudaMalloc(&in, kN * kN * 4));
  CHECK(cudaMalloc(&out1, kN * kN * 4));
  CHECK(cudaMalloc(&out2, kN * kN * 4));
  CHECK(cudaMemcpy(in, hin.data(), kN * kN * 4, cudaMemcpyHostToDevice));
  flush_l2();

  store_stride<<<kCtas, kThreads>>>(full, 1);
  LAUNCHED();
  std::vector<float> g(n);
  CHECK(cudaMemcpy(g.data(), full, n * 4, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; ++i) require(g[i] == static_cast<float>(i), "full-line stores");
  rate("st_full", 0, 0, n * 4.0, "B");

  store_stride<<<kCtas, kThreads>>>(part, 32);
  LAUNCHED();
  std::vector<float> gp(n * 32);
  CHECK(cudaMemcpy(gp.data(), part, n * 128, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n * 32; ++i)
    require(gp[i] == (i % 32 == 0 ? static_cast<float>(i / 32) : 0.f), "partial-line stores");
  rate("st_partial128", 1, 1, n * 4.0, "B");

  const dim3 grid(kN / 32, kN / 8), block(32, 8);
  copy_matrix<<<grid, block>>>(in, out1);
  LAUNCHED();
  transpose_naive<<<grid, block>>>(in, out2);
  LAUNCHED();
  std::vector<float> g1(kN * kN), g2(kN * kN);
  CHECK(cudaMemcpy(g1.data(), out1, kN * kN * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(g2.data(), out2, kN * kN * 4, cudaMemcpyDeviceToHost));
  for (int y = 0; y < kN; ++y)
    for (int x = 0; x < kN; ++x) {
      require(g1[y * kN + x] == hin[y * kN + x], "matrix copy");
      require(g2[x * kN + y] == hin[y * kN + x], "naive transpose");
    }
  rate("copy_matrix", 2, 2, 2.0 * kN * kN * 4, "B");
  rate("transpose_naive", 3, 3, 2.0 * kN * kN * 4, "B");
  std::printf("PASS\n");
  return 0;
}
