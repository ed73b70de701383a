// Vector add, the first program anyone runs: c = a + b over N elements, checked on the host.
// Usage: vecadd [N | -n N] (default 10000).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "check.h"

__global__ void vecadd(const float* a, const float* b, float* c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main(int argc, char** argv) {
  int n = 10000;
  if (argc == 3 && std::string(argv[1]) == "-n") n = std::atoi(argv[2]);
  if (argc == 2) n = std::atoi(argv[1]);
  if (n <= 0 || argc > 3) {
    std::fprintf(stderr, "usage: vecadd [N | -n N] with N > 0\n");
    return 2;
  }
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 1000.0f - i;
  }
  float *da, *db, *dc;
  CHECK(cudaMalloc(&da, n * sizeof(float)));
  CHECK(cudaMalloc(&db, n * sizeof(float)));
  CHECK(cudaMalloc(&dc, n * sizeof(float)));
  CHECK(cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  vecadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(c.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += c[i] != a[i] + b[i];
  std::printf("vecadd: %d elements, %d wrong, c[%d] = %.1f\n", n, wrong, n - 1, c[n - 1]);
  CHECK(cudaFree(da));
  CHECK(cudaFree(db));
  CHECK(cudaFree(dc));
  std::printf("%s\n", wrong ? "FAIL" : "PASS");
  return wrong ? 1 : 0;
}
