// A program that forks once it is using the device. Its child uses the CUDA runtime too, as a
// worker process would, while the parent does the same work; the parent then reports its own
// result and the child's exit status, and exits with the child's status if that failed. CUDA
// leaves a forked child's use of the runtime undefined. With `host`, the child only computes
// on the host and exits through exit(), whose handlers include the runtime's.
// Usage: fork [host].
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "check.h"

__global__ void scale(float* x, int n, float factor) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= factor;
}

// Scales 0..n-1 by `factor` on the device; the number of wrong results.
int scaled_on_device(int n, float factor) {
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i);
  float* device = nullptr;
  CHECK(cudaMalloc(&device, n * sizeof(float)));
  CHECK(cudaMemcpy(device, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  scale<<<(n + 63) / 64, 64>>>(device, n, factor);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(host.data(), device, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(device));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != static_cast<float>(i) * factor;
  return wrong;
}

int main(int argc, char** argv) {
  const bool host_child = argc == 2 && std::strcmp(argv[1], "host") == 0;
  const int n = 200;
  const int before = scaled_on_device(n, 2.0f);
  std::printf("before fork: %d elements, %d wrong\n", n, before);
  std::fflush(stdout);
  const pid_t child = fork();
  if (child < 0) {
    std::perror("fork");
    return 1;
  }
  if (child == 0) {
    if (host_child) {
      long sum = 0;
      for (int i = 0; i < n; ++i) sum += i;
      std::printf("child: host sum %ld\n", sum);
      std::exit(0);
    }
    const int wrong = scaled_on_device(n, 3.0f);
    std::printf("child: %d elements, %d wrong\n", n, wrong);
    std::exit(wrong ? 1 : 0);
  }
  const int wrong = scaled_on_device(n, 3.0f);
  int status = 0;
  if (waitpid(child, &status, 0) != child) {
    std::perror("waitpid");
    return 1;
  }
  const int child_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::printf("parent: %d elements, %d wrong\nchild exit status: %d\n", n, wrong, child_status);
  return wrong ? 1 : child_status;
}
