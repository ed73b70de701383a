// The project's mummer workload kernel (workloads/mummer/mummer.cu): 3840 reads of 32 bases
// (15 CTAs of 256 threads, launch 0) matched against a random 15360-base reference by binary
// searches over its suffix array (60 KB, built on the host). A quarter of the reads are copied
// from the reference, half copied with one base changed, a quarter random, as in the workload.
// The host finds each read's longest matching prefix by another search (a binary search over
// the prefix length, comparing whole prefixes), checks it for the first 32 reads against a scan
// of the reference, and checks every read's match length, interval and first 4 positions.
#include <algorithm>
#include <cstring>
#include <numeric>
#include <utility>

#include "common.h"
#include "../../../workloads/mummer/mummer.cu"

struct Match {
  unsigned length, first, count;
};

static std::vector<unsigned char> ref;
static std::vector<unsigned> sa;

// The suffixes of ref starting with the read's first d bases: [first, last) of sa.
static std::pair<unsigned, unsigned> range(const unsigned char* read, size_t d) {
  const auto prefix = [&](unsigned pos) {
    return std::pair(ref.begin() + pos, ref.begin() + pos + std::min(d, ref.size() - pos));
  };
  const auto lo = std::lower_bound(sa.begin(), sa.end(), read, [&](unsigned pos, auto q) {
    const auto [b, e] = prefix(pos);
    return std::lexicographical_compare(b, e, q, q + d);
  });
  const auto hi = std::upper_bound(sa.begin(), sa.end(), read, [&](auto q, unsigned pos) {
    const auto [b, e] = prefix(pos);
    return std::lexicographical_compare(q, q + d, b, e);
  });
  return {static_cast<unsigned>(lo - sa.begin()), static_cast<unsigned>(hi - sa.begin())};
}

static Match longest(const unsigned char* read) {
  unsigned lo = 0, hi = kReadLength;
  while (lo < hi) {
    const unsigned mid = (lo + hi + 1) / 2;
    const auto [first, last] = range(read, mid);
    if (first < last)
      lo = mid;
    else
      hi = mid - 1;
  }
  const auto [first, last] = range(read, lo);
  return {lo, first, last - first};
}

static unsigned occurrences(const unsigned char* s, size_t len) {
  unsigned n = 0;
  for (size_t p = 0; p + len <= ref.size(); ++p)
    if (std::memcmp(&ref[p], s, len) == 0) ++n;
  return n;
}

int main() {
  const int reads_n = 3840, block = 256;
  Rng rng(13);
  ref.resize(4 * reads_n);
  for (auto& b : ref) b = static_cast<unsigned char>(rng.below(4));
  std::vector<unsigned char> reads(reads_n * kReadLength);
  for (int r = 0; r < reads_n; ++r) {
    unsigned char* read = &reads[r * kReadLength];
    const auto kind = rng.below(4);
    if (kind == 3) {
      for (int i = 0; i < kReadLength; ++i) read[i] = static_cast<unsigned char>(rng.below(4));
      continue;
    }
    std::memcpy(read, &ref[rng.below(ref.size() - kReadLength + 1)], kReadLength);
    if (kind == 0) continue;
    unsigned char& b = read[rng.below(kReadLength)];
    b = static_cast<unsigned char>((b + 1 + rng.below(3)) % 4);
  }
  sa.resize(ref.size());
  std::iota(sa.begin(), sa.end(), 0u);
  std::sort(sa.begin(), sa.end(), [&](unsigned a, unsigned b) {
    return std::lexicographical_compare(ref.begin() + a, ref.end(), ref.begin() + b, ref.end());
  });
  std::vector<unsigned> want_len(reads_n), want_first(reads_n), want_count(reads_n);
  std::vector<unsigned> want_hits(reads_n * kMaxHits, 0xffffffffu);
  for (int r = 0; r < reads_n; ++r) {
    const Match m = longest(&reads[r * kReadLength]);
    want_len[r] = m.length;
    want_first[r] = m.first;
    want_count[r] = m.count;
    for (unsigned k = 0; k < std::min<unsigned>(kMaxHits, m.count); ++k)
      want_hits[r * kMaxHits + k] = sa[m.first + k];
    if (r < 32) {
      const unsigned char* read = &reads[r * kReadLength];
      require(occurrences(read, m.length) == m.count, "mummer reference: occurrence count");
      require(m.length == kReadLength || occurrences(read, m.length + 1) == 0,
              "mummer reference: longest prefix");
    }
  }

  unsigned char *d_ref, *d_reads;
  unsigned *d_sa, *d_first, *d_count, *d_hits;
  int* d_len;
  CHECK(cudaMalloc(&d_ref, ref.size()));
  CHECK(cudaMalloc(&d_sa, sa.size() * 4));
  CHECK(cudaMalloc(&d_reads, reads.size()));
  CHECK(cudaMalloc(&d_len, reads_n * 4));
  CHECK(cudaMalloc(&d_first, reads_n * 4));
  CHECK(cudaMalloc(&d_count, reads_n * 4));
  CHECK(cudaMalloc(&d_hits, reads_n * kMaxHits * 4));
  CHECK(cudaMemcpy(d_ref, ref.data(), ref.size(), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_sa, sa.data(), sa.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_reads, reads.data(), reads.size(), cudaMemcpyHostToDevice));
  flush_l2();
  match_reads<<<(reads_n + block - 1) / block, block>>>(d_ref, d_sa, ref.size(), d_reads, reads_n,
                                                        d_len, d_first, d_count, d_hits);
  LAUNCHED();
  std::vector<unsigned> len(reads_n), first(reads_n), count(reads_n), hits(reads_n * kMaxHits);
  CHECK(cudaMemcpy(len.data(), d_len, reads_n * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(first.data(), d_first, reads_n * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(count.data(), d_count, reads_n * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hits.data(), d_hits, reads_n * kMaxHits * 4, cudaMemcpyDeviceToHost));
  require(len == want_len, "mummer match lengths");
  require(first == want_first, "mummer first suffixes");
  require(count == want_count, "mummer occurrence counts");
  require(hits == want_hits, "mummer hit positions");
  std::printf("PASS\n");
  return 0;
}
