// Similarity Score after the Mars MapReduce benchmark: the cosine similarity of every pair of
// documents' feature vectors, then the pairs sorted by score. Each CTA takes a TILE x TILE
// block of pairs (row documents x column documents). Map: the feature vectors are staged
// through shared memory TK features at a time (load, sync, accumulate, sync), each thread
// accumulating one pair's dot product and both squared norms. Group: the block's pairs are
// sorted by score, highest first, with a bitonic sort in shared memory (a barrier per step).
#define TILE 16  // documents per side of a block: TILE * TILE = 256 threads, one pair each
#define TK 16    // features staged per step
#define CTA (TILE * TILE)
#define NO_PAIR 0xffffffffu

// docs: n_docs x dims floats, row-major, dims a multiple of TK; every document has a non-zero
// feature. Block b covers row documents tile_row[b]*TILE.. and column documents
// tile_col[b]*TILE..; only pairs with row < col count. out_score/out_pair[b * CTA + r] = the
// r-th best pair of the block (row << 16 | col) and its score; pairs that do not count come as
// score 0 and NO_PAIR, ordered among zero scores by their place in the block.
extern "C" __global__ void ss_score(const float* docs, int dims, const int* tile_row,
                                    const int* tile_col, float* out_score, unsigned* out_pair) {
  __shared__ float a[TILE][TK + 1];
  __shared__ float b[TILE][TK + 1];
  __shared__ unsigned long long key[CTA];
  const int tx = threadIdx.x, ty = threadIdx.y, t = ty * TILE + tx;
  const int row0 = tile_row[blockIdx.x] * TILE, col0 = tile_col[blockIdx.x] * TILE;

  // Map: dot(row doc ty, column doc tx) and both norms; integer-valued features keep every
  // sum exact, so the score is the correctly rounded quotient the CPU computes too.
  float dot = 0.0f, na = 0.0f, nb = 0.0f;
#pragma unroll 1
  for (int k0 = 0; k0 < dims; k0 += TK) {
    a[ty][tx] = docs[(row0 + ty) * dims + k0 + tx];
    b[ty][tx] = docs[(col0 + ty) * dims + k0 + tx];
    __syncthreads();
#pragma unroll 4
    for (int k = 0; k < TK; ++k) {
      const float x = a[ty][k], y = b[tx][k];
      dot += x * y;
      na += x * x;
      nb += y * y;
    }
    __syncthreads();
  }
  const float score = dot / (sqrtf(na) * sqrtf(nb));
  // Non-negative floats order like their bit patterns; the inverted place in the block below
  // them makes every key distinct, so the descending sort breaks ties by place, ascending.
  const unsigned bits = row0 + ty < col0 + tx ? __float_as_uint(score) : 0u;
  key[t] = (unsigned long long)bits << 32 | (CTA - 1 - t);
  __syncthreads();

  // Group: descending bitonic sort; the lower thread of each pair does the exchange.
#pragma unroll 1
  for (unsigned k = 2; k <= CTA; k <<= 1) {
#pragma unroll 1
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      const unsigned p = t ^ j;
      if (p > t) {
        const unsigned long long ka = key[t], kb = key[p];
        if ((ka < kb) == ((t & k) == 0)) {
          key[t] = kb;
          key[p] = ka;
        }
      }
      __syncthreads();
    }
  }

  const unsigned long long mine = key[t];
  const unsigned s = CTA - 1 - (unsigned)(mine & 0xff), r = row0 + s / TILE, c = col0 + s % TILE;
  out_score[blockIdx.x * CTA + t] = __uint_as_float((unsigned)(mine >> 32));
  out_pair[blockIdx.x * CTA + t] = r < c ? r << 16 | c : NO_PAIR;
}
