// Bucket sort of u32 keys (the LWM paper's "sort"): equal-width buckets over the key range, a
// key per thread counted into its bucket with global atomics, one CTA turns the counts into
// bucket offsets, a key per thread scatters into its bucket's next free slot, and then one
// thread per bucket insertion-sorts it in place.
//
// The last phase is the divergent one: each thread's trip counts depend on its bucket's size
// and on how far each key moves, so a warp's threads finish their loops at different times.
// The order in which keys land in a bucket is the order their atomics ran in, so the sorting
// work (not the result) depends on the schedule.

// Equal-width buckets: key * nbuckets / 2^32.
__device__ unsigned bucket_of(unsigned key, unsigned nbuckets) {
  return __umulhi(key, nbuckets);
}

extern "C" __global__ void bucket_count(const unsigned* keys, int n, unsigned nbuckets,
                                        unsigned* counts) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&counts[bucket_of(keys[i], nbuckets)], 1u);
}

// One CTA of BLOCK_SCAN threads: each thread sums a run of consecutive buckets, the CTA scans
// the run sums in shared memory (Hillis-Steele), and each thread writes its run's exclusive
// offsets. offsets[nbuckets] is the key count.
#define BLOCK_SCAN 256

extern "C" __global__ void bucket_offsets(const unsigned* counts, unsigned nbuckets,
                                          unsigned* offsets) {
  __shared__ unsigned sums[2][BLOCK_SCAN];
  const unsigned t = threadIdx.x;
  const unsigned run = (nbuckets + BLOCK_SCAN - 1) / BLOCK_SCAN;
  const unsigned begin = min(t * run, nbuckets), end = min(begin + run, nbuckets);
  unsigned sum = 0;
  for (unsigned b = begin; b < end; ++b) sum += counts[b];
  int in = 0;
  sums[in][t] = sum;
  __syncthreads();
  for (unsigned d = 1; d < BLOCK_SCAN; d *= 2) {
    sums[1 - in][t] = t >= d ? sums[in][t] + sums[in][t - d] : sums[in][t];
    in = 1 - in;
    __syncthreads();
  }
  unsigned offset = sums[in][t] - sum;
  for (unsigned b = begin; b < end; ++b) {
    offsets[b] = offset;
    offset += counts[b];
  }
  if (t == BLOCK_SCAN - 1) offsets[nbuckets] = offset;
}

extern "C" __global__ void bucket_scatter(const unsigned* keys, int n, unsigned nbuckets,
                                          const unsigned* offsets, unsigned* fill, unsigned* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned key = keys[i];
  const unsigned b = bucket_of(key, nbuckets);
  out[offsets[b] + atomicAdd(&fill[b], 1u)] = key;
}

extern "C" __global__ void bucket_sort(unsigned* data, const unsigned* offsets, unsigned nbuckets) {
  const unsigned b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= nbuckets) return;
  const unsigned begin = offsets[b], end = offsets[b + 1];
  for (unsigned i = begin + 1; i < end; ++i) {
    const unsigned key = data[i];
    unsigned j = i;
    while (j > begin && data[j - 1] > key) {
      data[j] = data[j - 1];
      --j;
    }
    data[j] = key;
  }
}
