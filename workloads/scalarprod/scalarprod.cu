// Scalar products of many vector pairs, after the CUDA-SDK scalarProd sample: a CTA takes one
// pair at a time (grid-stride over pairs); its threads first fill ACCUM_N partial sums in
// shared memory, accumulator i summing elements i, i + ACCUM_N, ... so that every load of a
// warp is coalesced, then reduce them in a tree with a barrier before every level. Each level
// halves the work, so ever more warps idle at the barrier while a few finish the level.
#define ACCUM_N 1024

extern "C" __global__ void scalar_prod(float* c, const float* a, const float* b, int pairs,
                                       int elements) {
  __shared__ float accum[ACCUM_N];
  for (int pair = blockIdx.x; pair < pairs; pair += gridDim.x) {
    int base = pair * elements, end = base + elements;
    for (int i = threadIdx.x; i < ACCUM_N; i += blockDim.x) {
      float sum = 0.0f;
      for (int pos = base + i; pos < end; pos += ACCUM_N) sum += a[pos] * b[pos];
      accum[i] = sum;
    }
    for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int i = threadIdx.x; i < stride; i += blockDim.x) accum[i] += accum[stride + i];
    }
    // After this barrier only thread 0 touches accum[0] until the next pair's tree, so the next
    // pair's first phase may start without another one.
    __syncthreads();
    if (threadIdx.x == 0) c[pair] = accum[0];
  }
}
