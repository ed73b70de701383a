// The memory functions a program built with `nvcc --default-stream per-thread` calls (the
// headers rename cudaMemcpy to cudaMemcpy_ptds and so on), called here by those names.
#include <cstdio>

#include "check.h"

extern "C" {
cudaError_t cudaMemcpy_ptds(void*, const void*, size_t, cudaMemcpyKind);
cudaError_t cudaMemcpyAsync_ptsz(void*, const void*, size_t, cudaMemcpyKind, cudaStream_t);
cudaError_t cudaMemset_ptds(void*, int, size_t);
cudaError_t cudaMemsetAsync_ptsz(void*, int, size_t, cudaStream_t);
cudaError_t cudaMemcpyToSymbol_ptds(const void*, const void*, size_t, size_t, cudaMemcpyKind);
cudaError_t cudaMemcpyToSymbolAsync_ptsz(const void*, const void*, size_t, size_t,
                                         cudaMemcpyKind, cudaStream_t);
cudaError_t cudaMemcpyFromSymbol_ptds(void*, const void*, size_t, size_t, cudaMemcpyKind);
cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void*, const void*, size_t, size_t, cudaMemcpyKind,
                                           cudaStream_t);
}

__device__ int offsets[4];

__global__ void add_offsets(int* v) { v[threadIdx.x] += offsets[threadIdx.x % 4]; }

int main() {
  int host[64], back[64], symbol_back[4];
  const int offs[4] = {10, 20, 30, 40};
  for (int i = 0; i < 64; ++i) host[i] = i;
  int* d = nullptr;
  CHECK(cudaMalloc(&d, sizeof host));
  CHECK(cudaMemset_ptds(d, 0xff, sizeof host));
  CHECK(cudaMemsetAsync_ptsz(d, 0, sizeof host, nullptr));
  CHECK(cudaMemcpy_ptds(d, host, 32 * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyAsync_ptsz(d + 32, host + 32, 32 * sizeof(int), cudaMemcpyHostToDevice,
                             nullptr));
  CHECK(cudaMemcpyToSymbol_ptds(reinterpret_cast<const void*>(&offsets), offs, 2 * sizeof(int), 0,
                                cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToSymbolAsync_ptsz(reinterpret_cast<const void*>(&offsets), offs + 2,
                                     2 * sizeof(int), 2 * sizeof(int), cudaMemcpyHostToDevice,
                                     nullptr));
  add_offsets<<<1, 64>>>(d);
  CHECK(cudaMemcpy_ptds(back, d, sizeof back, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpyFromSymbol_ptds(symbol_back, reinterpret_cast<const void*>(&offsets),
                                  2 * sizeof(int), 0, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpyFromSymbolAsync_ptsz(symbol_back + 2, reinterpret_cast<const void*>(&offsets),
                                       2 * sizeof(int), 2 * sizeof(int), cudaMemcpyDeviceToHost,
                                       nullptr));
  int wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += back[i] != i + offs[i % 4];
  for (int i = 0; i < 4; ++i) wrong += symbol_back[i] != offs[i];
  CHECK(cudaFree(d));
  std::printf("per-thread default stream: back[63] = %d, %d wrong\n%s\n", back[63], wrong,
              wrong == 0 ? "PASS" : "FAIL");
  return wrong == 0 ? 0 : 1;
}
