// Unified memory: cudaMallocManaged blocks and __managed__ variables (one with an initializer),
// read and written by kernels and by the host between launches through the same pointer, with
// the hints (prefetch, advice, stream attachment) accepted and the calls a GPU refuses refused.
#include <cstdint>
#include <cstdio>

#include "check.h"

__managed__ int histogram[8];
__managed__ int launches = 100;

__global__ void square_and_count(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = in[i] * in[i];
    atomicAdd(&histogram[in[i] & 7], 1);
  }
  if (i == 0) ++launches;
}

int main() {
  const int n = 1000;
  int *in = nullptr, *out = nullptr;
  CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK(cudaMallocManaged(&out, n * sizeof(int), cudaMemAttachHost));
  for (int i = 0; i < n; ++i) in[i] = i - 300;

  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  CHECK(cudaStreamAttachMemAsync(stream, out, 0, cudaMemAttachSingle));
  cudaMemLocation device = {cudaMemLocationTypeDevice, 0};
  CHECK(cudaMemAdvise(in, n * sizeof(int), cudaMemAdviseSetReadMostly, device));
  CHECK(cudaMemPrefetchAsync(in, n * sizeof(int), device, 0, stream));
  square_and_count<<<(n + 127) / 128, 128, 0, stream>>>(in, out, n);
  CHECK(cudaStreamSynchronize(stream));

  int wrong = 0;
  int expected_histogram[8] = {};
  for (int i = 0; i < n; ++i) {
    wrong += out[i] != (i - 300) * (i - 300);
    ++expected_histogram[(i - 300) & 7];
  }
  for (int b = 0; b < 8; ++b) wrong += histogram[b] != expected_histogram[b];
  std::printf("first launch: out[999] = %d, histogram[0] = %d, launches = %d, %d wrong\n",
              out[999], histogram[0], launches, wrong);

  // The host's writes between launches are what the next launch reads.
  for (int i = 0; i < n; ++i) in[i] = 3;
  for (int b = 0; b < 8; ++b) histogram[b] = 0;
  launches = 0;
  square_and_count<<<(n + 127) / 128, 128>>>(in, out, n);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) wrong += out[i] != 9;
  wrong += histogram[3] != n;
  std::printf("second launch: out[0] = %d, histogram[3] = %d, launches = %d, %d wrong\n", out[0],
              histogram[3], launches, wrong);

  // Copies and memsets between managed and device memory, and to the variables as symbols.
  int* device_copy = nullptr;
  CHECK(cudaMalloc(&device_copy, n * sizeof(int)));
  CHECK(cudaMemcpy(device_copy, out, n * sizeof(int), cudaMemcpyDefault));
  CHECK(cudaMemset(out, 0, n * sizeof(int)));
  const int zero_after_memset = out[n - 1];
  CHECK(cudaMemcpy(out, device_copy, n * sizeof(int), cudaMemcpyDeviceToDevice));
  const int seven = 7;
  CHECK(cudaMemcpyToSymbol(launches, &seven, sizeof seven));
  int* launches_address = nullptr;
  CHECK(cudaGetSymbolAddress(reinterpret_cast<void**>(&launches_address), launches));
  const int copied = out[5];
  std::printf("copies: out[5] = %d after memset %d, launches = %d, symbol at the variable: %s\n",
              copied, zero_after_memset, launches, launches_address == &launches ? "yes" : "no");

  cudaPointerAttributes a;
  CHECK(cudaPointerGetAttributes(&a, in + 10));
  std::printf("pointer: managed %s, host pointer %s\n",
              a.type == cudaMemoryTypeManaged ? "yes" : "no",
              a.hostPointer == in + 10 ? "the same" : "different");

  // What a GPU refuses: no bytes, unknown flags, hints on device memory, the wrong free.
  void* p = nullptr;
  const cudaError_t zero = cudaMallocManaged(&p, 0);
  const cudaError_t flags = cudaMallocManaged(&p, 16, 7);
  const cudaError_t huge = cudaMallocManaged(&p, SIZE_MAX);
  const cudaError_t prefetch = cudaMemPrefetchAsync(device_copy, 16, device, 0, stream);
  const cudaError_t free_host = cudaFreeHost(in);
  std::printf("refused: size 0 %d, flags %d, 2^64 - 1 bytes %d, prefetch of device memory %d, "
              "cudaFreeHost %d\n",
              zero, flags, huge, prefetch, free_host);
  cudaGetLastError();

  CHECK(cudaFree(device_copy));
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaStreamDestroy(stream));
  const bool pass = wrong == 0 && zero_after_memset == 0 && launches == 7 && copied == 9 &&
                    zero == cudaErrorInvalidValue && flags == cudaErrorInvalidValue &&
                    huge == cudaErrorMemoryAllocation &&
                    prefetch == cudaErrorInvalidValue && free_host == cudaErrorInvalidValue;
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
