// Fast Walsh-Hadamard transform of 2^k floats, in place, unnormalised. Each butterfly stage
// pairs elements whose indices differ in one bit; stages on different bits commute, so the
// large strides run first as one launch each (fwt_global) and the small strides of every
// CHUNK-element chunk then run inside one CTA with barriers between stages (fwt_shared),
// the split the CUDA-SDK fastWalshTransform sample also makes.
#define BLOCK 512
#define CHUNK (2 * BLOCK)

extern "C" __global__ void fwt_global(float* data, unsigned stride) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lo = 2 * t - (t & (stride - 1));
  float a = data[lo], b = data[lo + stride];
  data[lo] = a + b;
  data[lo + stride] = a - b;
}

extern "C" __global__ void fwt_shared(float* data) {
  __shared__ float chunk[CHUNK];
  unsigned base = blockIdx.x * CHUNK;
  unsigned t = threadIdx.x;
  chunk[t] = data[base + t];
  chunk[t + BLOCK] = data[base + t + BLOCK];
  __syncthreads();
  for (unsigned stride = 1; stride < CHUNK; stride <<= 1) {
    unsigned lo = 2 * t - (t & (stride - 1));
    float a = chunk[lo], b = chunk[lo + stride];
    chunk[lo] = a + b;
    chunk[lo + stride] = a - b;
    __syncthreads();
  }
  data[base + t] = chunk[t];
  data[base + t + BLOCK] = chunk[t + BLOCK];
}
