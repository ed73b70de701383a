// Sum of an unsigned array by shared-memory tree reduction. Each thread first adds two
// elements while loading (halving the idle threads of the first step), then the CTA halves the
// active range each step with a barrier between steps; thread 0 writes the CTA's partial sum.
// The host launches the same kernel again on the partial sums until one value remains.
// blockDim.x must be a power of two; the shared array is dynamic (blockDim.x words), as in the
// CUDA SDK reduction sample.
extern "C" __global__ void reduce_sum(const unsigned* in, unsigned* out, unsigned n) {
  extern __shared__ unsigned partial[];
  unsigned t = threadIdx.x, block = blockDim.x;
  unsigned i = blockIdx.x * (block * 2) + t;
  unsigned v = 0;
  if (i < n) v = in[i];
  if (i + block < n) v += in[i + block];
  partial[t] = v;
  __syncthreads();
  for (unsigned stride = block / 2; stride > 0; stride >>= 1) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}
