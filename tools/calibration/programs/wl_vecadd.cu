// The project's vecadd workload kernel (workloads/vecadd/vecadd.cu): c = a + b over 2^17
// floats, 256-thread CTAs (launch 0). The host checks every element.
#include "common.h"
#include "../../../workloads/vecadd/vecadd.cu"

int main() {
  const int n = 1 << 17;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 1000.0f - i;
  }
  float *da, *db, *dc;
  CHECK(cudaMalloc(&da, n * 4));
  CHECK(cudaMalloc(&db, n * 4));
  CHECK(cudaMalloc(&dc, n * 4));
  CHECK(cudaMemcpy(da, a.data(), n * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), n * 4, cudaMemcpyHostToDevice));
  flush_l2();
  vecadd<<<n / 256, 256>>>(da, db, dc, n);
  LAUNCHED();
  CHECK(cudaMemcpy(c.data(), dc, n * 4, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) require(c[i] == a[i] + b[i], "vecadd result");
  std::printf("PASS\n");
  return 0;
}
