// Calls a runtime function the stand-in does not implement (registering existing host memory):
// warpforge must end the run with one line naming it, not crash.
#include <cstdio>

#include "check.h"

__global__ void touch(int* p) { *p = 1; }

int main() {
  std::printf("before the call\n");
  static int value = 0;
  int* p = &value;
  CHECK(cudaHostRegister(p, sizeof(int), cudaHostRegisterMapped));
  touch<<<1, 1>>>(p);
  CHECK(cudaDeviceSynchronize());
  std::printf("after the call: %d\n", *p);
  return 0;
}
