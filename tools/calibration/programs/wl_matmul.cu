// The project's matmul workload kernel (workloads/matmul/matmul.cu), C = A (n x 64) * B (64 x n)
// with 16x16 CTAs, at n = 96 and n = 128 (launches 0 and 1). Small integers keep every sum
// exact; the host checks C bit for bit. Prints no metrics: it adds kernels to the per-kernel
// cycle comparison.
#include "common.h"
#include "../../../workloads/matmul/matmul.cu"

static void run(int n, Rng& rng) {
  const int k = 64;
  std::vector<float> a(n * k), b(k * n), c(n * n);
  for (auto& x : a) x = static_cast<float>(static_cast<int>(rng.below(9)) - 4);
  for (auto& x : b) x = static_cast<float>(static_cast<int>(rng.below(9)) - 4);
  float *da, *db, *dc;
  CHECK(cudaMalloc(&da, a.size() * 4));
  CHECK(cudaMalloc(&db, b.size() * 4));
  CHECK(cudaMalloc(&dc, c.size() * 4));
  CHECK(cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice));
  flush_l2();
  matmul<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(da, db, dc, k, n);
  LAUNCHED();
  CHECK(cudaMemcpy(c.data(), dc, c.size() * 4, cudaMemcpyDeviceToHost));
  for (int r = 0; r < n; ++r)
    for (int col = 0; col < n; ++col) {
      float s = 0;
      for (int i = 0; i < k; ++i) s += a[r * k + i] * b[i * n + col];
      require(c[r * n + col] == s, "matmul result");
    }
  CHECK(cudaFree(da));
  CHECK(cudaFree(db));
  CHECK(cudaFree(dc));
}

int main() {
  Rng rng(1);
  run(96, rng);
  run(128, rng);
  std::printf("PASS\n");
  return 0;
}
