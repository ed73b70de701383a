// Kernels that allocate: malloc and free, new and delete of objects with virtual functions
// (CUDA's newdelete sample does both), a heap that runs out, and the heap size limit.
// - cudaDeviceGetLimit reports CUDA's default heap of 8 MiB; the program sets 1 MiB first.
// - Each thread news a container of either class, fills it, calls it through its vtable,
//   deletes it; blocks malloc'd in one launch are read and freed in the next.
// - One thread mallocs 64 KiB blocks until malloc returns NULL: the count shows the heap's
//   size, and after freeing them all the same count fits again. free(NULL) does nothing.
// - Once a kernel that calls malloc has run, the heap size can no longer change.
#include <cstdio>
#include <cstdlib>

#include "check.h"

struct Container {
  __device__ virtual ~Container() {}
  __device__ virtual void push(int v) = 0;
  __device__ virtual int total() const = 0;
};

struct Vector : Container {
  int* data;
  int n = 0;
  __device__ explicit Vector(int capacity) : data(new int[capacity]) {}
  __device__ ~Vector() override { delete[] data; }
  __device__ void push(int v) override { data[n++] = v; }
  __device__ int total() const override {
    int s = 0;
    for (int i = 0; i < n; ++i) s += data[i];
    return s;
  }
};

struct Counter : Container {
  int sum = 0;
  __device__ void push(int v) override { sum += 2 * v; }
  __device__ int total() const override { return sum; }
};

__global__ void use_containers(int* out, int** kept) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  Container* c = t % 2 ? static_cast<Container*>(new Counter) : new Vector(8);
  for (int i = 0; i < 8; ++i) c->push(t + i);
  out[t] = c->total();
  delete c;
  int* block = static_cast<int*>(malloc(4 * sizeof(int)));
  if (block)
    for (int i = 0; i < 4; ++i) block[i] = t * i;
  kept[t] = block;
}

__global__ void read_and_free(int** kept, int* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = kept[t] ? kept[t][3] : -1;
  free(kept[t]);
  free(nullptr);
}

__global__ void exhaust(int* counts) {
  void* blocks[64];
  int n = 0;
  while (n < 64 && (blocks[n] = malloc(64 << 10)) != nullptr) ++n;
  counts[0] = n;
  for (int i = 0; i < n; ++i) free(blocks[i]);
  int again = 0;
  while (again < 64 && (blocks[again] = malloc(64 << 10)) != nullptr) ++again;
  counts[1] = again;
  for (int i = 0; i < again; ++i) free(blocks[i]);
}

int main() {
  std::size_t heap = 0;
  CHECK(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
  std::printf("default heap: %zu bytes\n", heap);
  CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20));
  CHECK(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
  std::printf("heap set to: %zu bytes\n", heap);

  const int blocks = 4, threads = 64, n = blocks * threads;
  int *out, *out2, *counts;
  int** kept;
  CHECK(cudaMalloc(&out, n * sizeof(int)));
  CHECK(cudaMalloc(&out2, n * sizeof(int)));
  CHECK(cudaMalloc(&kept, n * sizeof(int*)));
  CHECK(cudaMalloc(&counts, 2 * sizeof(int)));
  use_containers<<<blocks, threads>>>(out, kept);
  CHECK(cudaGetLastError());
  read_and_free<<<blocks, threads>>>(kept, out2);
  CHECK(cudaGetLastError());
  exhaust<<<1, 1>>>(counts);
  CHECK(cudaDeviceSynchronize());
  int got[n], got2[n], count[2];
  CHECK(cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(got2, out2, sizeof got2, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(count, counts, sizeof count, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int t = 0; t < n; ++t) {
    const int sum = 8 * t + 28;  // t + 0 + ... + t + 7
    wrong += got[t] != (t % 2 ? 2 * sum : sum);
    wrong += got2[t] != 3 * t;
  }
  std::printf("containers: %d threads, %d wrong\n", n, wrong);
  std::printf("64 KiB blocks in a 1 MiB heap: %d, again after freeing: %d\n", count[0], count[1]);
  const cudaError_t late = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 2 << 20);
  std::printf("changing the heap size after a launch: %s\n", cudaGetErrorName(late));
  cudaGetLastError();
  const bool pass = wrong == 0 && count[0] > 0 && count[0] <= 16 && count[1] == count[0] &&
                    late == cudaErrorInvalidValue;
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
