// Viterbi decoding of the rate-1/2, constraint-length-7 convolutional code (generators 171 and
// 133 octal) from 3-bit soft symbols. A CTA decodes FRAMES frames, 64 threads per frame, one
// per trellis state. Each step every thread adds the branch metrics of its state's two
// predecessors to their path metrics, keeps the smaller (add-compare-select), records which
// one won as a decision byte, and the CTA meets at a barrier before the next step's metrics
// are read. The frames end in 6 zero tail bits, so their paths end in state 0; from there one
// thread per frame walks the decisions back to the first step, emitting a bit per step, while
// the other 63 threads of its frame wait: the serial traceback is the divergent part.
//
// State s holds the last 6 input bits, the newest in bit 0; the encoder register of a
// transition into s is s | (oldest bit << 6), its predecessor (s >> 1) | (oldest bit << 5).
#define STATES 64
#define FRAMES 4
#define STEPS 128
#define INFO_BITS (STEPS - 6)
#define THRESHOLD 7  // a received 1 at full confidence; a 0 is 0

// Expected output bit pair (g171 in bit 1, g133 in bit 0) of every encoder register.
__constant__ unsigned char c_outputs[2 * STATES];

__device__ int branch_metric(unsigned char expected, int y0, int y1) {
  return abs(y0 - ((expected >> 1) & 1) * THRESHOLD) + abs(y1 - (expected & 1) * THRESHOLD);
}

extern "C" __global__ void viterbi_decode(const unsigned char* symbols, int nframes,
                                          unsigned char* decisions, unsigned char* bits,
                                          int* metrics) {
  __shared__ int pm[2][FRAMES * STATES];
  __shared__ unsigned char rx[FRAMES][2 * STEPS];
  const int local = threadIdx.x / STATES;
  const int s = threadIdx.x % STATES;
  const int frame = blockIdx.x * FRAMES + local;
  const bool live = frame < nframes;
  for (int i = s; i < 2 * STEPS; i += STATES)
    rx[local][i] = live ? symbols[frame * 2 * STEPS + i] : 0;
  pm[0][threadIdx.x] = s == 0 ? 0 : 1 << 20;  // the encoder starts in state 0
  __syncthreads();

  int in = 0;
  const int base = local * STATES;
  const int p0 = s >> 1, p1 = p0 | (STATES / 2);
  for (int t = 0; t < STEPS; ++t) {
    const int y0 = rx[local][2 * t], y1 = rx[local][2 * t + 1];
    const int m0 = pm[in][base + p0] + branch_metric(c_outputs[s], y0, y1);
    const int m1 = pm[in][base + p1] + branch_metric(c_outputs[s | STATES], y0, y1);
    const bool second = m1 < m0;
    pm[1 - in][threadIdx.x] = second ? m1 : m0;
    if (live) decisions[(frame * STEPS + t) * STATES + s] = second;
    in = 1 - in;
    __syncthreads();
  }

  if (s != 0 || !live) return;
  metrics[frame] = pm[in][base];
  int state = 0;
  for (int t = STEPS - 1; t >= 0; --t) {
    if (t < INFO_BITS) bits[frame * INFO_BITS + t] = state & 1;
    state = (state >> 1) | (decisions[(frame * STEPS + t) * STATES + state] << 5);
  }
}
