// MUMmerGPU-style exact matching of short reads against a reference genome (Schatz et al.):
// MUMmerGPU walks a suffix tree of the reference, one read per thread; here the index is the
// reference's suffix array (built on the host) and the walk is its equivalent on the array:
// for each base of the read in turn, two binary searches narrow the interval of suffixes that
// start with the read's prefix so far, until the next base would leave it empty. A thread ends
// with the length of the read's longest prefix that occurs in the reference, the interval of
// its occurrences and the first few of their positions.
//
// Irregular and memory-bound: every binary-search step loads a suffix-array entry and then a
// reference base at an unpredictable address, and threads leave their loops after
// data-dependent trip counts (reads that match further search longer).

constexpr int kReadLength = 32;
constexpr int kMaxHits = 4;

// A suffix that ends before depth d sorts before every suffix that has a base there.
__device__ int base_at(const unsigned char* ref, unsigned n, unsigned pos) {
  return pos < n ? ref[pos] : -1;
}

// ref: n bases coded 0..3; sa: the n suffix start positions in lexicographic order; reads:
// kReadLength bases each. Per read: match_len, the suffix-array interval [first, first + count)
// of the suffixes starting with its longest matching prefix, and up to kMaxHits of their
// positions in suffix-array order (0xffffffff past the last).
extern "C" __global__ void match_reads(const unsigned char* ref, const unsigned int* sa,
                                       unsigned int n, const unsigned char* reads, int num_reads,
                                       int* match_len, unsigned int* first, unsigned int* count,
                                       unsigned int* hits) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= num_reads) return;
  const unsigned char* read = reads + static_cast<long long>(r) * kReadLength;
  unsigned int lo = 0, hi = n;
  int depth = 0;
  for (; depth < kReadLength; ++depth) {
    const int base = read[depth];
    unsigned int a = lo, b = hi;
    while (a < b) {  // first suffix whose base at `depth` is not below `base`
      const unsigned int mid = a + (b - a) / 2;
      if (base_at(ref, n, sa[mid] + depth) < base)
        a = mid + 1;
      else
        b = mid;
    }
    const unsigned int begin = a;
    b = hi;
    while (a < b) {  // first suffix whose base at `depth` is above `base`
      const unsigned int mid = a + (b - a) / 2;
      if (base_at(ref, n, sa[mid] + depth) <= base)
        a = mid + 1;
      else
        b = mid;
    }
    if (begin == a) break;
    lo = begin;
    hi = a;
  }
  match_len[r] = depth;
  first[r] = lo;
  count[r] = hi - lo;
  for (int k = 0; k < kMaxHits; ++k)
    hits[r * kMaxHits + k] = lo + k < hi ? sa[lo + k] : 0xffffffffu;
}
