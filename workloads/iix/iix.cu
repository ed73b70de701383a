// Inverted index after the Mars MapReduce benchmark: a collection of documents, each a run of
// word ids, becomes per word the list of documents it occurs in (one entry per occurrence).
// Map (iix_map): each thread scans CHUNK consecutive words of the collection, finds the
// document of its first word by binary search over the document starts, and emits a
// (word, document) pair per word through one global atomic cursor, counting each word with a
// global atomic as well. The host turns the counts into list offsets (an exclusive prefix sum).
// Fill (iix_fill): each thread takes CHUNK emitted pairs and appends each document to its
// word's list at a slot claimed with an atomic on the word's fill count. The order of the pairs
// and of every list depends on the order in which the atomics land; the check sorts each list.
// Word frequencies are skewed, so the hot words' counters serialize many atomics. No barriers.
#define CHUNK 8

extern "C" __global__ void iix_map(const unsigned* __restrict__ words, unsigned n,
                                   const unsigned* __restrict__ doc_start, unsigned docs,
                                   unsigned* cursor, unsigned* pair_word, unsigned* pair_doc,
                                   unsigned* counts) {
  const unsigned first = (blockIdx.x * blockDim.x + threadIdx.x) * CHUNK;
  if (first >= n) return;
  // The last document whose start is <= first.
  unsigned lo = 0, hi = docs;
#pragma unroll 1
  while (hi - lo > 1) {
    const unsigned mid = (lo + hi) / 2;
    if (doc_start[mid] <= first)
      lo = mid;
    else
      hi = mid;
  }
  unsigned doc = lo, next = doc_start[doc + 1];
  const unsigned last = min(first + CHUNK, n);
#pragma unroll 1
  for (unsigned i = first; i < last; ++i) {
    while (i >= next) next = doc_start[++doc + 1];
    const unsigned w = words[i];
    const unsigned slot = atomicAdd(cursor, 1u);
    pair_word[slot] = w;
    pair_doc[slot] = doc;
    atomicAdd(&counts[w], 1u);
  }
}

extern "C" __global__ void iix_fill(const unsigned* __restrict__ pair_word,
                                    const unsigned* __restrict__ pair_doc, unsigned n,
                                    const unsigned* __restrict__ offsets, unsigned* fill,
                                    unsigned* postings) {
  const unsigned first = (blockIdx.x * blockDim.x + threadIdx.x) * CHUNK;
  const unsigned last = min(first + CHUNK, n);
#pragma unroll 1
  for (unsigned i = first; i < last; ++i) {
    const unsigned w = pair_word[i];
    postings[offsets[w] + atomicAdd(&fill[w], 1u)] = pair_doc[i];
  }
}
