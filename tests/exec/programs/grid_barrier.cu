// A grid-wide spin barrier (as HeteroSync's): every CTA arrives, then waits until all have.
// It finishes only when every CTA of the grid is resident at once; with more CTAs than the
// machine holds the resident ones spin for ever: a livelock warpforge must report (exit 3).
// argv[1]: CTAs (default 64).
#include <cstdio>
#include <cstdlib>

#include "check.h"

__global__ void grid_barrier(unsigned* arrived, unsigned* out) {
  if (threadIdx.x == 0) {
    atomicAdd(arrived, 1u);
    while (atomicAdd(arrived, 0u) < gridDim.x) {
    }
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x;
}

int main(int argc, char** argv) {
  const unsigned ctas = argc > 1 ? std::atoi(argv[1]) : 64, threads = 64;
  unsigned *arrived, *out;
  CHECK(cudaMalloc(&arrived, sizeof(unsigned)));
  CHECK(cudaMalloc(&out, ctas * threads * sizeof(unsigned)));
  CHECK(cudaMemset(arrived, 0, sizeof(unsigned)));
  grid_barrier<<<ctas, threads>>>(arrived, out);
  CHECK(cudaDeviceSynchronize());
  unsigned last = 0, count = 0;
  CHECK(cudaMemcpy(&last, out + (ctas * threads - 1), sizeof last, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&count, arrived, sizeof count, cudaMemcpyDeviceToHost));
  std::printf("grid barrier: %u CTAs arrived, last CTA %u\n", count, last);
  const bool pass = count == ctas && last == ctas - 1;
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
