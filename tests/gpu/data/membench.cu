// Memory micro-benchmarks for the timing model (tests/gpu/memory_bench_test.cpp). Regenerate
// the checked-in PTX with: nvcc -ptx -arch=sm_75 membench.cu -o membench.ptx

// One thread follows `hops` pointers: every load depends on the previous one, so the run time
// per hop is the load-to-use latency of the memory the chain lives in.
extern "C" __global__ void pointer_chase(const unsigned long long* next, unsigned long long start,
                                         unsigned hops, unsigned long long* out) {
  unsigned long long p = start;
  for (unsigned i = 0; i < hops; ++i) p = next[p];
  *out = p;
}

// Grid-wide copy, 16 bytes per thread per step: every warp moves whole 128-byte lines.
extern "C" __global__ void stream_copy(const float4* __restrict__ in, float4* __restrict__ out,
                                       unsigned n) {
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = in[i];
}
