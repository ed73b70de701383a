// The project's histogram workload kernel (workloads/histogram/histogram.cu): a 256-bin
// histogram of 2^17 bytes with shared then global atomics, 120 CTAs of 256 threads, on uniform
// random bytes (launch 0) and on skewed bytes, 7 for 15 of every 16 (launch 1). The host
// checks every bin.
#include "common.h"
#include "../../../workloads/histogram/histogram.cu"

static void run(const std::vector<unsigned char>& data) {
  const unsigned n = static_cast<unsigned>(data.size());
  unsigned char* d;
  unsigned* bins;
  CHECK(cudaMalloc(&d, n));
  CHECK(cudaMalloc(&bins, BINS * 4));
  CHECK(cudaMemcpy(d, data.data(), n, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(bins, 0, BINS * 4));
  flush_l2();
  histogram256<<<120, 256>>>(d, n, bins);
  LAUNCHED();
  std::vector<unsigned> got(BINS), want(BINS, 0);
  CHECK(cudaMemcpy(got.data(), bins, BINS * 4, cudaMemcpyDeviceToHost));
  for (unsigned char c : data) ++want[c];
  require(got == want, "histogram bins");
  CHECK(cudaFree(d));
  CHECK(cudaFree(bins));
}

int main() {
  const unsigned n = 1u << 17;
  Rng rng(3);
  std::vector<unsigned char> u(n), s(n);
  for (auto& x : u) x = static_cast<unsigned char>(rng.below(256));
  for (unsigned i = 0; i < n; ++i) s[i] = i % 16 ? 7 : static_cast<unsigned char>(rng.below(256));
  run(u);
  run(s);
  std::printf("PASS\n");
  return 0;
}
