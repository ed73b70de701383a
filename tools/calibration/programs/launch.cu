// Launch overhead as the simulators see it: back-to-back launches of an empty kernel.
//   launch 0-199    launch_1cta    <<<1, 32>>>, cycles per launch (CYCLES: mean kernel cycles)
//   launch 200-299  launch_15cta   <<<15, 32>>> (one CTA per SM), cycles per launch
//   launch 300-309  launch_120cta  <<<120, 256>>> (8 CTAs of 8 warps per SM), cycles per launch
// Neither simulator models the host driver's launch latency (several microseconds on real
// hardware); this is the kernel's own start-up and drain. The last launch writes a flag the
// host checks.
#include "common.h"

__global__ void empty(int* flag, int write) {
  if (write && blockIdx.x == 0 && threadIdx.x == 0) *flag = 42;
}

int main() {
  int* flag;
  CHECK(cudaMalloc(&flag, 4));
  CHECK(cudaMemset(flag, 0, 4));
  for (int i = 0; i < 200; ++i) empty<<<1, 32>>>(flag, 0);
  LAUNCHED();
  for (int i = 0; i < 100; ++i) empty<<<15, 32>>>(flag, 0);
  LAUNCHED();
  for (int i = 0; i < 10; ++i) empty<<<120, 256>>>(flag, i == 9);
  LAUNCHED();
  int f = 0;
  CHECK(cudaMemcpy(&f, flag, 4, cudaMemcpyDeviceToHost));
  require(f == 42, "the last launch ran");
  cycles("launch_1cta", 0, 199, 200, "launch");
  cycles("launch_15cta", 200, 299, 100, "launch");
  cycles("launch_120cta", 300, 309, 10, "launch");
  std::printf("PASS\n");
  return 0;
}
