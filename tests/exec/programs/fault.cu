// A kernel that writes far past its buffer: a kernel fault warpforge reports (exit 1).
#include <cstdio>

#include "check.h"

__global__ void overrun(int* p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i * 4096] = n;
}

int main() {
  int* p;
  CHECK(cudaMalloc(&p, 64 * sizeof(int)));
  std::printf("launching\n");
  overrun<<<4, 64>>>(p, 64);
  CHECK(cudaDeviceSynchronize());
  std::printf("not reached\n");
  return 0;
}
