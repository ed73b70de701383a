// Page View Rank after the Mars MapReduce benchmark: pages with their view counts (what Page
// View Count produces) are cut into chunks of CTA pages, and each CTA ranks its chunk in
// shared memory. Map: swap key and value, so the view count becomes the key (the page's place
// in the chunk breaks ties). Group: bitonic sort, most views first, a barrier per step.
// Reduce: competition ranks ("1224") from a max-scan of the run heads, a barrier per step.
#define CTA 256  // threads per CTA = pages per chunk

// For i < the chunk's page count: out_page/out_views[chunk * CTA + i] = the chunk's i-th most
// viewed page and its views, out_rank = 1 + the number of pages of the chunk with more views.
// views must be in [1, 2^24).
extern "C" __global__ void pvr_rank(const unsigned* page, const unsigned* views, unsigned n,
                                    unsigned* out_page, unsigned* out_views, unsigned* out_rank) {
  __shared__ unsigned key[CTA];
  __shared__ unsigned scan[2][CTA];
  const unsigned t = threadIdx.x;
  const unsigned first = blockIdx.x * CTA;
  const unsigned valid = min(n - first, CTA);

  // Map: views in the high bits, the inverted slot in the low 8, so equal counts keep input
  // order under the descending sort; missing pages get 0 and sort last.
  key[t] = t < valid ? views[first + t] << 8 | (CTA - 1 - t) : 0;
  __syncthreads();

  // Group: descending bitonic sort; the lower thread of each pair does the exchange.
#pragma unroll 1
  for (unsigned k = 2; k <= CTA; k <<= 1) {
#pragma unroll 1
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      const unsigned p = t ^ j;
      if (p > t) {
        const unsigned a = key[t], b = key[p];
        if ((a < b) == ((t & k) == 0)) {
          key[t] = b;
          key[p] = a;
        }
      }
      __syncthreads();
    }
  }

  // Reduce: a run of equal view counts starts at its head; the inclusive max-scan of the head
  // positions gives every page the position of its run's head, which is its rank - 1.
  const unsigned mine = key[t];
  const unsigned v = mine >> 8;
  const bool head = t == 0 || (key[t - 1] >> 8) != v;
  scan[0][t] = head ? t : 0;
  __syncthreads();
  unsigned src = 0;
#pragma unroll 1
  for (unsigned off = 1; off < CTA; off <<= 1) {
    unsigned m = scan[src][t];
    if (t >= off) m = max(m, scan[src][t - off]);
    scan[src ^ 1][t] = m;
    src ^= 1;
    __syncthreads();
  }
  if (t < valid) {
    out_page[first + t] = page[first + CTA - 1 - (mine & 0xff)];
    out_views[first + t] = v;
    out_rank[first + t] = scan[src][t] + 1;
  }
}
