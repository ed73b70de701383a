// Saturating 2-D histogram (the Parboil histo scheme): every pixel of an image names one bin of
// a large histogram of 8-bit counters that stop at 255. Four kernels:
//   histo_prescan        samples the image, estimates mean and spread with tree reductions in
//                        shared memory, and widens mean +- 10 sigma into a range of histogram
//                        blocks (global atomicMin / atomicMax),
//   histo_intermediates  turns every bin number into (block, offset within the block),
//   histo_main           one CTA per (scan column, block of the range): clears a shared
//                        sub-histogram of BLOCK_BINS counters, scans its column of the image and
//                        counts the pixels of its block with shared atomics, then adds the
//                        sub-histogram into the global one; the CTAs of the first block row also
//                        count the pixels outside the range with global atomics,
//   histo_final          saturates every bin to 255 into the 8-bit result.
// Parboil packs four 8-bit counters per shared word and repairs carries through an overflow
// buffer; counting in 32-bit words instead keeps every value independent of the order in which
// atomics arrive.
#define THREADS 512       // 16 warps per CTA in every kernel
#define BLOCK_BINS 4096   // counters of one shared sub-histogram (16 KB)
#define PRESCAN_SAMPLE 8  // the prescan reads the first 1/8 of each CTA's slice

extern "C" __global__ void histo_prescan(const unsigned* input, unsigned n, unsigned blocks,
                                         unsigned* range) {
  __shared__ float mean[THREADS];
  __shared__ float sigma[THREADS];
  const unsigned t = threadIdx.x;
  const unsigned slice = n / gridDim.x;
  const unsigned begin = blockIdx.x * slice;
  const unsigned end = begin + slice / PRESCAN_SAMPLE;

  float sum = 0.0f;
  unsigned count = 0;
  for (unsigned i = begin + t; i < end; i += blockDim.x) {
    sum += static_cast<float>(input[i]);
    ++count;
  }
  const float avg = count ? sum / count : 0.0f;
  float var = 0.0f;
  for (unsigned i = begin + t; i < end; i += blockDim.x) {
    const float d = static_cast<float>(input[i]) - avg;
    var += d * d;
  }
  mean[t] = avg;
  sigma[t] = count ? sqrtf(var / count) : 0.0f;

  // The CTA's average of the per-thread means and deviations: tree levels down to one warp
  // through shared memory, the last five levels inside warp 0.
  for (unsigned stride = THREADS / 2; stride >= 32; stride >>= 1) {
    __syncthreads();
    if (t < stride) {
      mean[t] += mean[t + stride];
      sigma[t] += sigma[t + stride];
    }
  }
  __syncthreads();
  if (t < 32) {
    float m = mean[t], s = sigma[t];
    for (int offset = 16; offset > 0; offset >>= 1) {
      m += __shfl_down_sync(0xffffffffu, m, offset);
      s += __shfl_down_sync(0xffffffffu, s, offset);
    }
    if (t == 0) {
      m /= THREADS;
      s /= THREADS;
      const float lo = fmaxf(m - 10.0f * s, 0.0f);
      const float hi = fminf(m + 10.0f * s, static_cast<float>(blocks * BLOCK_BINS - 1));
      atomicMin(&range[0], static_cast<unsigned>(lo) / BLOCK_BINS);
      atomicMax(&range[1], static_cast<unsigned>(hi) / BLOCK_BINS);
    }
  }
}

// One image row per CTA, two pixels per thread (Parboil loads them as a uint2).
extern "C" __global__ void histo_intermediates(const uint2* input, unsigned width,
                                               unsigned* mappings) {
  const unsigned pair = blockIdx.x * (width / 2) + threadIdx.x;
  const uint2 bins = input[pair];
  mappings[2 * pair] = (bins.x / BLOCK_BINS) << 16 | (bins.x % BLOCK_BINS);
  mappings[2 * pair + 1] = (bins.y / BLOCK_BINS) << 16 | (bins.y % BLOCK_BINS);
}

extern "C" __global__ void histo_main(const unsigned* mappings, unsigned n, unsigned range_min,
                                      unsigned range_max, unsigned* subhisto,
                                      unsigned* global_histo) {
  __shared__ unsigned sub[BLOCK_BINS];
  const unsigned my_block = range_min + blockIdx.y;
  for (unsigned i = threadIdx.x; i < BLOCK_BINS; i += blockDim.x) sub[i] = 0;
  __syncthreads();

  const unsigned stride = gridDim.x * blockDim.x;
  if (blockIdx.y == 0) {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
      const unsigned m = mappings[i];
      const unsigned block = m >> 16, offset = m & 0xffff;
      if (block == my_block) atomicAdd(&sub[offset], 1u);
      if (block < range_min || block > range_max)
        atomicAdd(&global_histo[block * BLOCK_BINS + offset], 1u);
    }
  } else {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
      const unsigned m = mappings[i];
      if (m >> 16 == my_block) atomicAdd(&sub[m & 0xffff], 1u);
    }
  }
  __syncthreads();

  unsigned* dst = subhisto + my_block * BLOCK_BINS;
  for (unsigned i = threadIdx.x; i < BLOCK_BINS; i += blockDim.x) atomicAdd(&dst[i], sub[i]);
}

__device__ uchar4 saturate(uint4 v) {
  return make_uchar4(min(v.x, 255u), min(v.y, 255u), min(v.z, 255u), min(v.w, 255u));
}

// Four bins per thread and step. Below and above the range the counts come from the global
// histogram, which is cleared for the next run; inside it from the sub-histograms.
extern "C" __global__ void histo_final(unsigned range_min, unsigned range_max, unsigned bins,
                                       const uint4* subhisto, uint4* global_histo, uchar4* out) {
  const unsigned first = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  const unsigned low_end = range_min * BLOCK_BINS / 4;
  const unsigned mid_end = (range_max + 1) * BLOCK_BINS / 4;
  for (unsigned i = first; i < low_end; i += stride) {
    out[i] = saturate(global_histo[i]);
    global_histo[i] = make_uint4(0, 0, 0, 0);
  }
  for (unsigned i = low_end + first; i < mid_end; i += stride) out[i] = saturate(subhisto[i]);
  for (unsigned i = mid_end + first; i < bins / 4; i += stride) {
    out[i] = saturate(global_histo[i]);
    global_histo[i] = make_uint4(0, 0, 0, 0);
  }
}
