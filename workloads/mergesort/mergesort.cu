// Stable merge sort of (key, value) pairs of u32, after the CUDA-SDK mergeSort sample. First
// every CHUNK-pair chunk is sorted inside one CTA (merge_sort_shared): at each step each
// thread takes one element of two neighbouring sorted runs, finds its rank in the other run by
// binary search, and the pair is stored at its merged position; a barrier separates the reads
// of a step from its writes and the writes from the next step's reads. Then global passes
// (merge_pass) merge pairs of runs of `run` elements, each CTA producing CHUNK consecutive
// outputs: it finds where its output range starts and ends in both runs (merge path), stages
// those inputs in shared memory, ranks them against each other the same way, and writes back.
// Ties go to the left run, which makes the sort stable.
#define BLOCK 256
#define CHUNK (2 * BLOCK)

// Elements of data[0, len) less than (or, inclusive, at most) key; len <= stride, a power of
// two, so the search takes log2(stride) + 1 steps whatever len is.
__device__ unsigned rank_exclusive(unsigned key, const unsigned* data, unsigned len,
                                   unsigned stride) {
  if (len == 0) return 0;
  unsigned pos = 0;
  for (; stride > 0; stride >>= 1) {
    unsigned next = min(pos + stride, len);
    if (data[next - 1] < key) pos = next;
  }
  return pos;
}

__device__ unsigned rank_inclusive(unsigned key, const unsigned* data, unsigned len,
                                   unsigned stride) {
  if (len == 0) return 0;
  unsigned pos = 0;
  for (; stride > 0; stride >>= 1) {
    unsigned next = min(pos + stride, len);
    if (data[next - 1] <= key) pos = next;
  }
  return pos;
}

extern "C" __global__ void merge_sort_shared(unsigned* keys_out, unsigned* vals_out,
                                             const unsigned* keys_in, const unsigned* vals_in) {
  __shared__ unsigned s_key[CHUNK];
  __shared__ unsigned s_val[CHUNK];
  unsigned base = blockIdx.x * CHUNK, t = threadIdx.x;
  s_key[t] = keys_in[base + t];
  s_val[t] = vals_in[base + t];
  s_key[t + BLOCK] = keys_in[base + t + BLOCK];
  s_val[t + BLOCK] = vals_in[base + t + BLOCK];
  for (unsigned stride = 1; stride < CHUNK; stride <<= 1) {
    // Thread t owns element l of the left run and element l of the right run of its pair.
    unsigned l = t & (stride - 1);
    unsigned* run_key = s_key + 2 * (t - l);
    unsigned* run_val = s_val + 2 * (t - l);
    __syncthreads();
    unsigned key_a = run_key[l], val_a = run_val[l];
    unsigned key_b = run_key[l + stride], val_b = run_val[l + stride];
    unsigned pos_a = l + rank_exclusive(key_a, run_key + stride, stride, stride);
    unsigned pos_b = l + rank_inclusive(key_b, run_key, stride, stride);
    __syncthreads();
    run_key[pos_a] = key_a;
    run_val[pos_a] = val_a;
    run_key[pos_b] = key_b;
    run_val[pos_b] = val_b;
  }
  __syncthreads();
  keys_out[base + t] = s_key[t];
  vals_out[base + t] = s_val[t];
  keys_out[base + t + BLOCK] = s_key[t + BLOCK];
  vals_out[base + t + BLOCK] = s_val[t + BLOCK];
}

// How many of the first `diag` outputs of merging a[0, len) and b[0, len) come from a.
__device__ unsigned merge_path(const unsigned* a, const unsigned* b, unsigned len, unsigned diag) {
  unsigned lo = diag > len ? diag - len : 0, hi = min(diag, len);
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (a[mid] <= b[diag - mid - 1])
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

extern "C" __global__ void merge_pass(unsigned* keys_out, unsigned* vals_out,
                                      const unsigned* keys_in, const unsigned* vals_in,
                                      unsigned run) {
  __shared__ unsigned s_key[CHUNK];
  __shared__ unsigned s_val[CHUNK];
  __shared__ unsigned s_split[2];
  unsigned first = blockIdx.x * CHUNK, t = threadIdx.x;
  unsigned pair = first / (2 * run), diag = first - pair * 2 * run;
  const unsigned* a = keys_in + pair * 2 * run;
  const unsigned* b = a + run;
  if (t < 2) s_split[t] = merge_path(a, b, run, diag + t * CHUNK);
  __syncthreads();
  unsigned a0 = s_split[0], len_a = s_split[1] - a0;
  unsigned b0 = diag - a0, len_b = CHUNK - len_a;
  // s_key[0, len_a) holds this CTA's part of a, s_key[len_a, CHUNK) its part of b.
  for (unsigned e = t; e < CHUNK; e += BLOCK) {
    unsigned src = pair * 2 * run + (e < len_a ? a0 + e : run + b0 + (e - len_a));
    s_key[e] = keys_in[src];
    s_val[e] = vals_in[src];
  }
  __syncthreads();
  unsigned key[2], val[2], pos[2];
  for (unsigned i = 0; i < 2; ++i) {
    unsigned e = t + i * BLOCK;
    key[i] = s_key[e];
    val[i] = s_val[e];
    pos[i] = e < len_a ? e + rank_exclusive(key[i], s_key + len_a, len_b, CHUNK)
                       : (e - len_a) + rank_inclusive(key[i], s_key, len_a, CHUNK);
  }
  __syncthreads();
  for (unsigned i = 0; i < 2; ++i) {
    s_key[pos[i]] = key[i];
    s_val[pos[i]] = val[i];
  }
  __syncthreads();
  for (unsigned e = t; e < CHUNK; e += BLOCK) {
    keys_out[first + e] = s_key[e];
    vals_out[first + e] = s_val[e];
  }
}
