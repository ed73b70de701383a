// Page View Count after the Mars MapReduce benchmark: the web log is cut into chunks of CTA
// records and each CTA runs the three MapReduce phases on its chunk in shared memory.
// Map: hash the record's URL into a key. Group: bitonic sort of the keys (a barrier per
// compare-exchange step). Reduce: number the runs of equal keys with a prefix sum of run-head
// flags (a barrier per scan step) and emit each distinct URL key with its view count.
#define CTA 256           // threads per CTA = records per chunk
#define URL_WORDS 8       // a record is a URL of at most 31 characters, NUL-padded to 32 bytes
#define NONE 0xffffffffu  // key of the missing records past the end of the log; sorts last

// out_keys/out_counts[chunk * CTA + r] = the r-th distinct key of the chunk (ascending) and its
// record count, for r < out_unique[chunk].
extern "C" __global__ void pvc_count(const unsigned* records, unsigned n, unsigned* out_keys,
                                     unsigned* out_counts, unsigned* out_unique) {
  __shared__ unsigned key[CTA];
  __shared__ unsigned scan[2][CTA];
  __shared__ unsigned run_start[CTA + 1];
  const unsigned t = threadIdx.x;
  const unsigned first = blockIdx.x * CTA;
  const unsigned valid = min(n - first, CTA);

  // Map: FNV-1a over the URL's 32-bit words, up to its first all-zero word. The top bit is
  // cleared so no URL collides with NONE.
  unsigned h = NONE;
  if (t < valid) {
    const unsigned* url = records + (first + t) * URL_WORDS;
    h = 2166136261u;
#pragma unroll 1
    for (int w = 0; w < URL_WORDS; ++w) {
      const unsigned word = url[w];
      if (word == 0) break;
      h = (h ^ word) * 16777619u;
    }
    h &= 0x7fffffffu;
  }
  key[t] = h;
  __syncthreads();

  // Group: ascending bitonic sort; the lower thread of each pair does the exchange.
#pragma unroll 1
  for (unsigned k = 2; k <= CTA; k <<= 1) {
#pragma unroll 1
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      const unsigned p = t ^ j;
      if (p > t) {
        const unsigned a = key[t], b = key[p];
        if ((a > b) == ((t & k) == 0)) {
          key[t] = b;
          key[p] = a;
        }
      }
      __syncthreads();
    }
  }

  // Reduce: inclusive Hillis-Steele scan of the run-head flags gives each run its number.
  const unsigned mine = key[t];
  const unsigned head = mine != NONE && (t == 0 || key[t - 1] != mine);
  scan[0][t] = head;
  __syncthreads();
  unsigned src = 0;
#pragma unroll 1
  for (unsigned off = 1; off < CTA; off <<= 1) {
    unsigned v = scan[src][t];
    if (t >= off) v += scan[src][t - off];
    scan[src ^ 1][t] = v;
    src ^= 1;
    __syncthreads();
  }
  const unsigned run = scan[src][t] - head;
  const unsigned runs = scan[src][CTA - 1];
  if (head) run_start[run] = t;
  if (t == 0) run_start[runs] = valid;
  __syncthreads();
  if (head) {
    out_keys[first + run] = mine;
    out_counts[first + run] = run_start[run + 1] - t;
  }
  if (t == 0) out_unique[blockIdx.x] = runs;
}
