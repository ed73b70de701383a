// The project's reduce workload kernel (workloads/reduce/reduce.cu): the sum of 2^17 u32 by
// shared-memory tree reduction, 256-thread CTAs, one launch per pass (256 CTAs, then 1).
// The host checks the sum.
#include "common.h"
#include "../../../workloads/reduce/reduce.cu"

int main() {
  const unsigned n = 1u << 17, block = 256;
  Rng rng(2);
  std::vector<unsigned> in(n);
  unsigned long long want = 0;
  for (auto& x : in) want += (x = static_cast<unsigned>(rng.below(1000)));
  unsigned *d_in, *d_a, *d_b;
  CHECK(cudaMalloc(&d_in, n * 4));
  CHECK(cudaMalloc(&d_a, n / 2 / block * 4 + 4));
  CHECK(cudaMalloc(&d_b, 16));
  CHECK(cudaMemcpy(d_in, in.data(), n * 4, cudaMemcpyHostToDevice));
  flush_l2();
  const unsigned ctas = n / (2 * block);  // 256
  reduce_sum<<<ctas, block, block * 4>>>(d_in, d_a, n);
  LAUNCHED();
  reduce_sum<<<1, block, block * 4>>>(d_a, d_b, ctas);
  LAUNCHED();
  unsigned got = 0;
  CHECK(cudaMemcpy(&got, d_b, 4, cudaMemcpyDeviceToHost));
  require(got == static_cast<unsigned>(want), "reduce sum");
  std::printf("PASS\n");
  return 0;
}
