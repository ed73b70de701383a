// 256-bin byte histogram. Each CTA counts its grid-stride share of the input into a private
// shared-memory histogram with shared atomics (contended when the data is skewed), then
// merges its non-zero bins into the global histogram with global atomics.
#define BINS 256

extern "C" __global__ void histogram256(const unsigned char* data, unsigned n, unsigned* bins) {
  __shared__ unsigned local[BINS];
  for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  unsigned stride = gridDim.x * blockDim.x;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b] != 0) atomicAdd(&bins[b], local[b]);
}
