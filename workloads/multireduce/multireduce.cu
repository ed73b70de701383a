// The reduction of the CUDA SDK's simpleMultiGPU, its GPUs folded into one launch: the host
// splits the input into independent buffers, one per "GPU", and each buffer is summed by its
// own group of `ctas_per_buffer` consecutive CTAs. A thread adds every (group threads)-th
// element of its buffer from its own offset on (coalesced across the group), a CTA reduces its
// threads' sums in a shared-memory tree and writes one partial sum, and the host adds each
// group's partial sums, as simpleMultiGPU's host adds its GPUs' results.

// buffers: one device pointer per buffer; lengths: their element counts; partial: one sum per
// CTA. blockDim.x must be a power of two.
extern "C" __global__ void multi_reduce(const float* const* buffers, const int* lengths,
                                        int ctas_per_buffer, float* partial) {
  extern __shared__ float sums[];
  const int buffer = blockIdx.x / ctas_per_buffer;
  const float* in = buffers[buffer];
  const int n = lengths[buffer];
  const int stride = ctas_per_buffer * blockDim.x;
  float sum = 0.0f;
  for (int i = (blockIdx.x % ctas_per_buffer) * blockDim.x + threadIdx.x; i < n; i += stride)
    sum += in[i];
  sums[threadIdx.x] = sum;
  __syncthreads();
  for (unsigned int half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}
