// Host driver and CPU reference for mummer.cu.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::mummer {
namespace {

constexpr unsigned kBlock = 256;
constexpr std::size_t kReadLength = 32;   // kReadLength in mummer.cu
constexpr std::size_t kMaxHits = 4;       // kMaxHits in mummer.cu
constexpr std::size_t kBasesPerRead = 4;  // reference length per read
constexpr std::size_t kBruteForceReads = 32;
// BLOCKLAT Table 3 runs MUMmerGPU with 4 concurrent CTAs per SM: 32 registers per thread give
// 4 CTAs of 256 threads in gtx480's 32768 registers (ptxas for sm_75 allocates 22, which fits 5).
constexpr unsigned kRegsPerThread = 32;

struct Match {
  std::uint32_t length = 0;
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};

// The reference's suffixes in lexicographic order; a suffix sorts before every longer suffix
// it is a prefix of.
std::vector<std::uint32_t> suffix_array(const std::vector<std::uint8_t>& ref) {
  std::vector<std::uint32_t> sa(ref.size());
  std::iota(sa.begin(), sa.end(), 0u);
  std::sort(sa.begin(), sa.end(), [&](std::uint32_t a, std::uint32_t b) {
    return std::lexicographical_compare(ref.begin() + a, ref.end(), ref.begin() + b, ref.end());
  });
  return sa;
}

// Another way to the kernel's answer: the suffixes starting with the read's first d bases, found
// by comparing whole prefixes, and a binary search over d for the longest prefix that occurs.
class PrefixSearch {
 public:
  PrefixSearch(const std::vector<std::uint8_t>& ref, const std::vector<std::uint32_t>& sa)
      : ref_(ref), sa_(sa) {}

  Match longest(const std::uint8_t* read) const {
    std::uint32_t lo = 0, hi = kReadLength;
    while (lo < hi) {
      const std::uint32_t mid = (lo + hi + 1) / 2;
      const auto [first, last] = range(read, mid);
      if (first < last)
        lo = mid;
      else
        hi = mid - 1;
    }
    const auto [first, last] = range(read, lo);
    return {lo, first, last - first};
  }

 private:
  std::pair<std::uint32_t, std::uint32_t> range(const std::uint8_t* read, std::size_t d) const {
    auto prefix = [&](std::uint32_t pos) {
      return std::pair(ref_.begin() + pos, ref_.begin() + pos + std::min(d, ref_.size() - pos));
    };
    const auto lo = std::lower_bound(sa_.begin(), sa_.end(), read, [&](std::uint32_t pos, auto q) {
      const auto [b, e] = prefix(pos);
      return std::lexicographical_compare(b, e, q, q + d);
    });
    const auto hi = std::upper_bound(sa_.begin(), sa_.end(), read, [&](auto q, std::uint32_t pos) {
      const auto [b, e] = prefix(pos);
      return std::lexicographical_compare(q, q + d, b, e);
    });
    return {static_cast<std::uint32_t>(lo - sa_.begin()),
            static_cast<std::uint32_t>(hi - sa_.begin())};
  }

  const std::vector<std::uint8_t>& ref_;
  const std::vector<std::uint32_t>& sa_;
};

std::size_t occurrences(const std::vector<std::uint8_t>& ref, const std::uint8_t* s,
                        std::size_t len) {
  std::size_t n = 0;
  for (std::size_t p = 0; p + len <= ref.size(); ++p)
    if (std::memcmp(&ref[p], s, len) == 0) ++n;
  return n;
}

// The first reads scanned against the whole reference, with no suffix array: their prefix of
// the found length occurs `count` times and one base more (when there is one) never does.
std::optional<std::string> brute_force_disagrees(const std::vector<std::uint8_t>& ref,
                                                 const std::vector<std::uint8_t>& reads,
                                                 const std::vector<Match>& expected) {
  for (std::size_t r = 0; r < std::min(kBruteForceReads, expected.size()); ++r) {
    const std::uint8_t* read = &reads[r * kReadLength];
    const Match& m = expected[r];
    const bool longest = m.length == kReadLength || occurrences(ref, read, m.length + 1) == 0;
    if (occurrences(ref, read, m.length) != m.count || !longest)
      return fmt::format(
          "the CPU reference's read {} (length {}, {} occurrences) disagrees with "
          "a scan of the reference",
          r, m.length, m.count);
  }
  return std::nullopt;
}

RunResult run_mummer(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n =
      choose_size("mummer", options, {.fallback = 320 * kBlock, .min = 1, .max = 1 << 20});
  SplitMix64 rng(options.seed);
  std::vector<std::uint8_t> ref(std::max<std::size_t>(kBasesPerRead * n, kReadLength));
  for (auto& b : ref) b = static_cast<std::uint8_t>(rng.below(4));
  // A quarter of the reads are copied from the reference, half copied with one base changed
  // (the match usually stops there), a quarter random (matches of about log4 of its length).
  std::vector<std::uint8_t> reads(n * kReadLength);
  for (std::size_t r = 0; r < n; ++r) {
    std::uint8_t* read = &reads[r * kReadLength];
    const auto kind = rng.below(4);
    if (kind == 3) {
      for (std::size_t i = 0; i < kReadLength; ++i)
        read[i] = static_cast<std::uint8_t>(rng.below(4));
      continue;
    }
    std::memcpy(read, &ref[rng.below(ref.size() - kReadLength + 1)], kReadLength);
    if (kind == 0) continue;
    std::uint8_t& b = read[rng.below(kReadLength)];
    b = static_cast<std::uint8_t>((b + 1 + rng.below(3)) % 4);
  }
  const auto sa = suffix_array(ref);
  const PrefixSearch search(ref, sa);
  std::vector<Match> expected(n);
  std::vector<std::uint32_t> expected_len(n), expected_first(n), expected_count(n);
  std::vector<std::uint32_t> expected_hits(n * kMaxHits, 0xffffffffu);
  for (std::size_t r = 0; r < n; ++r) {
    const Match m = search.longest(&reads[r * kReadLength]);
    expected[r] = m;
    expected_len[r] = m.length;
    expected_first[r] = m.first;
    expected_count[r] = m.count;
    for (std::size_t k = 0; k < std::min<std::size_t>(kMaxHits, m.count); ++k)
      expected_hits[r * kMaxHits + k] = sa[m.first + k];
  }

  Session session(runtime, "mummer");
  if (auto m = brute_force_disagrees(ref, reads, expected)) return session.finish(m);
  gpu::DevPtr d_ref = runtime.upload(ref), d_sa = runtime.upload(sa);
  gpu::DevPtr d_reads = runtime.upload(reads);
  gpu::DevPtr d_len = runtime.malloc(n * 4), d_first = runtime.malloc(n * 4);
  gpu::DevPtr d_count = runtime.malloc(n * 4), d_hits = runtime.malloc(n * kMaxHits * 4);
  const auto ctas = static_cast<std::uint32_t>((n + kBlock - 1) / kBlock);
  session.launch("match_reads", {ctas}, {kBlock},
                 {arg(d_ref), arg(d_sa), arg(static_cast<std::uint32_t>(ref.size())), arg(d_reads),
                  arg(static_cast<int>(n)), arg(d_len), arg(d_first), arg(d_count), arg(d_hits)});
  const auto len = runtime.download<std::uint32_t>(d_len, n);
  const auto first = runtime.download<std::uint32_t>(d_first, n);
  const auto count = runtime.download<std::uint32_t>(d_count, n);
  const auto hits = runtime.download<std::uint32_t>(d_hits, n * kMaxHits);
  for (auto p : {d_ref, d_sa, d_reads, d_len, d_first, d_count, d_hits}) runtime.free(p);
  auto mismatch = first_mismatch("match length", expected_len, len);
  if (!mismatch) mismatch = first_mismatch("first suffix", expected_first, first);
  if (!mismatch) mismatch = first_mismatch("occurrences", expected_count, count);
  if (!mismatch) mismatch = first_mismatch("hit position", expected_hits, hits);
  return session.finish(mismatch);
}

}  // namespace

WF_WORKLOAD("mummer",
            "MUMmerGPU-style read matching: per thread, the longest prefix of a 32-base read "
            "found in the reference by binary searches over its suffix array; divergent, "
            "memory-bound, no barriers",
            "reads (default 81920: 320 CTAs of 256 threads; reference 4 bases per read)",
            run_mummer, 500, {"blocklat"}, kRegsPerThread);

}  // namespace wf::workloads::mummer
