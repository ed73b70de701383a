// Bitonic sort of 2^k unsigned keys, ascending, in the CUDA-SDK "sorting networks" structure.
// CHUNK = 2 * blockDim.x keys fit one CTA's shared memory; each thread owns one
// compare-exchange pair per step, with a barrier between steps.
//  bitonic_sort_shared:  sorts every CHUNK-key chunk, alternating direction per chunk, so that
//                        neighbouring chunks form bitonic sequences.
//  bitonic_merge_global: one merge step with a stride too large for a CTA (j >= CHUNK).
//  bitonic_merge_shared: the remaining steps of a merge (j < CHUNK) inside shared memory.
#define BLOCK 256
#define CHUNK (2 * BLOCK)

__device__ __forceinline__ void compare_exchange(unsigned& a, unsigned& b, bool ascending) {
  if ((a > b) == ascending) {
    unsigned t = a;
    a = b;
    b = t;
  }
}

// Steps j = j_start, j_start/2, ..., 1 of merge size k on the CTA's chunk in shared memory.
__device__ void merge_steps(unsigned* keys, unsigned base, unsigned k, unsigned j_start) {
  for (unsigned j = j_start; j > 0; j >>= 1) {
    unsigned t = threadIdx.x;
    unsigned lo = 2 * t - (t & (j - 1));  // index of the pair's lower element
    bool ascending = ((base + lo) & k) == 0;
    compare_exchange(keys[lo], keys[lo + j], ascending);
    __syncthreads();
  }
}

extern "C" __global__ void bitonic_sort_shared(unsigned* data) {
  __shared__ unsigned keys[CHUNK];
  unsigned base = blockIdx.x * CHUNK;
  keys[threadIdx.x] = data[base + threadIdx.x];
  keys[threadIdx.x + BLOCK] = data[base + threadIdx.x + BLOCK];
  __syncthreads();
  for (unsigned k = 2; k <= CHUNK; k <<= 1) merge_steps(keys, base, k, k / 2);
  data[base + threadIdx.x] = keys[threadIdx.x];
  data[base + threadIdx.x + BLOCK] = keys[threadIdx.x + BLOCK];
}

extern "C" __global__ void bitonic_merge_global(unsigned* data, unsigned k, unsigned j) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lo = 2 * t - (t & (j - 1));
  unsigned a = data[lo], b = data[lo + j];
  bool ascending = (lo & k) == 0;
  if ((a > b) == ascending) {
    data[lo] = b;
    data[lo + j] = a;
  }
}

extern "C" __global__ void bitonic_merge_shared(unsigned* data, unsigned k) {
  __shared__ unsigned keys[CHUNK];
  unsigned base = blockIdx.x * CHUNK;
  keys[threadIdx.x] = data[base + threadIdx.x];
  keys[threadIdx.x + BLOCK] = data[base + threadIdx.x + BLOCK];
  __syncthreads();
  merge_steps(keys, base, k, CHUNK / 2);
  data[base + threadIdx.x] = keys[threadIdx.x];
  data[base + threadIdx.x + BLOCK] = keys[threadIdx.x + BLOCK];
}
