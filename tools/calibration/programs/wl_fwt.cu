// The project's fwt workload kernels (workloads/fwt/fwt.cu): a fast Walsh-Hadamard transform
// of 2^15 floats, the strides 16384 ... 1024 as one fwt_global launch each (launches 0-4, 64
// CTAs of 256 threads) and the small strides in fwt_shared (launch 5, 32 CTAs of 512). Inputs
// in {-1, 0, 1} keep every value exact; the host checks the result bit for bit.
#include "common.h"
#include "../../../workloads/fwt/fwt.cu"

int main() {
  const unsigned n = 1u << 15;
  Rng rng(4);
  std::vector<float> h(n);
  for (auto& x : h) x = static_cast<float>(static_cast<int>(rng.below(3)) - 1);
  float* d;
  CHECK(cudaMalloc(&d, n * 4));
  CHECK(cudaMemcpy(d, h.data(), n * 4, cudaMemcpyHostToDevice));
  flush_l2();
  for (unsigned stride = n / 2; stride >= CHUNK; stride >>= 1) {
    fwt_global<<<n / 2 / 256, 256>>>(d, stride);
    LAUNCHED();
  }
  fwt_shared<<<n / CHUNK, BLOCK>>>(d);
  LAUNCHED();
  std::vector<float> got(n);
  CHECK(cudaMemcpy(got.data(), d, n * 4, cudaMemcpyDeviceToHost));
  for (unsigned stride = 1; stride < n; stride <<= 1)
    for (unsigned i = 0; i < n; ++i)
      if (!(i & stride)) {
        const float a = h[i], b = h[i + stride];
        h[i] = a + b;
        h[i + stride] = a - b;
      }
  require(got == h, "fwt result");
  std::printf("PASS\n");
  return 0;
}
