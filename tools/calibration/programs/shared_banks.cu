// Shared-memory bank conflicts: one warp chases a chain in shared memory (j = s[j], with
// s[k] = k, so every load depends on the one before), thread t starting at word t*S. With 32
// banks of 4-byte words a stride of S = 2^k words puts min(S, 32) threads on one bank; S = 0 is
// every thread on one word (a broadcast). Timed with clock32() over 256 loads after a warm-up:
//   shm_stride<S>   cycles per dependent shared load, S = 0, 1, 2, 4, 8, 16, 32
// One launch per stride. The host checks the chase ended where it started.
#include "common.h"

constexpr int kWords = 32 * 32;  // stride 32 x 32 threads

__global__ void chase(int stride, int n, unsigned* cyc, int* end) {
  __shared__ int s[kWords];
  __shared__ int s_end[32];
  for (int k = threadIdx.x; k < kWords; k += 32) s[k] = k;
  __syncthreads();
  int j = (threadIdx.x * stride) % kWords;
  for (int i = 0; i < 8; ++i) j = s[j];
  s_end[threadIdx.x] = j;
  const unsigned t0 = clock32();
  for (int i = 0; i < n; ++i) j = s[j];
  s_end[threadIdx.x] = j;  // waits for the last load
  const unsigned t1 = clock32();
  end[threadIdx.x] = s_end[threadIdx.x];
  if (threadIdx.x == 0) cyc[0] = t1 - t0;
}

int main() {
  const int strides[] = {0, 1, 2, 4, 8, 16, 32};
  const int n = 256;
  unsigned* dc;
  int* de;
  CHECK(cudaMalloc(&dc, 4));
  CHECK(cudaMalloc(&de, 32 * 4));
  for (int s : strides) {
    chase<<<1, 32>>>(s, n, dc, de);
    LAUNCHED();
    unsigned c;
    int e[32];
    CHECK(cudaMemcpy(&c, dc, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(e, de, sizeof e, cudaMemcpyDeviceToHost));
    for (int t = 0; t < 32; ++t) require(e[t] == (t * s) % kWords, "shared chase end");
    char name[32];
    std::snprintf(name, sizeof name, "shm_stride%d", s);
    metric(name, static_cast<double>(c) / n, "cycles");
  }
  std::printf("PASS\n");
  return 0;
}
