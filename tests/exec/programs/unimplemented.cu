// Calls a runtime function the stand-in does not implement (a handle for sharing memory with
// another process): warpforge must end the run with one line naming it, not crash.
#include <cstdio>

#include "check.h"

int main() {
  std::printf("before the call\n");
  int* p = nullptr;
  CHECK(cudaMalloc(&p, sizeof(int)));
  cudaIpcMemHandle_t handle;
  CHECK(cudaIpcGetMemHandle(&handle, p));
  std::printf("after the call\n");
  return 0;
}
