// The structure of the CUDA SDK's MonteCarlo option pricer (one CTA per option, each thread a
// strided share of the option's paths, a per-thread partial sum of payoffs and of their squares,
// then a shared-memory tree per option), with every operation exact integer arithmetic so that
// the host can repeat it bit for bit: prices are fixed point with 16 fraction bits, a path is 32
// steps of a binomial lattice (Jarrow-Rudd: up or down with probability 1/2, the factors
// computed by the host and rounded to fixed point), and the 32 up/down choices of a path are the
// bits of one xorshift32 draw from the thread's own stream.

constexpr int kSteps = 32;

__device__ unsigned int mix(unsigned int h) {  // MurmurHash3's finalizer, a bijection
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

// options: per option {spot, strike, up factor, down factor}, all fixed point 16.16; seeds: one
// per option. sums, sums2: per option the sum of the path payoffs and of their squares (in
// units of 2^-16 and 2^-32). blockDim.x must be a power of two.
extern "C" __global__ void monte_carlo(const uint4* options, const unsigned int* seeds, int paths,
                                       unsigned long long* sums, unsigned long long* sums2) {
  extern __shared__ unsigned long long partial[];  // blockDim.x sums, then blockDim.x squares
  const uint4 option = options[blockIdx.x];
  // Odd, so never xorshift32's fixed point 0.
  unsigned int state = mix(seeds[blockIdx.x] + threadIdx.x * 0x9e3779b9u) | 1u;
  unsigned long long sum = 0, sum2 = 0;
  for (int path = threadIdx.x; path < paths; path += blockDim.x) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    unsigned int price = option.x;
    for (int step = 0; step < kSteps; ++step) {
      const unsigned int factor = (state >> step) & 1u ? option.z : option.w;
      price = static_cast<unsigned int>((static_cast<unsigned long long>(price) * factor) >> 16);
    }
    const unsigned long long payoff = price > option.y ? price - option.y : 0u;
    sum += payoff;
    sum2 += payoff * payoff;
  }
  partial[threadIdx.x] = sum;
  partial[blockDim.x + threadIdx.x] = sum2;
  __syncthreads();
  for (unsigned int half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) {
      partial[threadIdx.x] += partial[threadIdx.x + half];
      partial[blockDim.x + threadIdx.x] += partial[blockDim.x + threadIdx.x + half];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = partial[0];
    sums2[blockIdx.x] = partial[blockDim.x];
  }
}
