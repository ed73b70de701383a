// The project's scalarprod workload kernel (workloads/scalarprod/scalarprod.cu): 64 scalar
// products of 4096-element vectors, 30 CTAs of 256 threads (launch 0). Small integers keep
// every sum exact; the host checks each product.
#include "common.h"
#include "../../../workloads/scalarprod/scalarprod.cu"

int main() {
  const int pairs = 64, elements = 4096, n = pairs * elements;
  Rng rng(5);
  std::vector<float> a(n), b(n);
  for (auto& x : a) x = static_cast<float>(static_cast<int>(rng.below(5)) - 2);
  for (auto& x : b) x = static_cast<float>(static_cast<int>(rng.below(5)) - 2);
  float *da, *db, *dc;
  CHECK(cudaMalloc(&da, n * 4));
  CHECK(cudaMalloc(&db, n * 4));
  CHECK(cudaMalloc(&dc, pairs * 4));
  CHECK(cudaMemcpy(da, a.data(), n * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), n * 4, cudaMemcpyHostToDevice));
  flush_l2();
  scalar_prod<<<30, 256>>>(dc, da, db, pairs, elements);
  LAUNCHED();
  std::vector<float> c(pairs);
  CHECK(cudaMemcpy(c.data(), dc, pairs * 4, cudaMemcpyDeviceToHost));
  for (int p = 0; p < pairs; ++p) {
    float s = 0;
    for (int i = 0; i < elements; ++i) s += a[p * elements + i] * b[p * elements + i];
    require(c[p] == s, "scalar product");
  }
  std::printf("PASS\n");
  return 0;
}
