// Calls a runtime function the stand-in does not implement (managed memory): warpforge must
// end the run with one line naming it, not crash.
#include <cstdio>

#include "check.h"

__global__ void touch(int* p) { *p = 1; }

int main() {
  std::printf("before the call\n");
  int* p = nullptr;
  CHECK(cudaMallocManaged(&p, sizeof(int)));
  touch<<<1, 1>>>(p);
  CHECK(cudaDeviceSynchronize());
  std::printf("after the call: %d\n", *p);
  return 0;
}
