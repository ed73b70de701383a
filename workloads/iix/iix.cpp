// Host driver and CPU reference for iix.cu: documents of 16 to 1023 words drawn from a
// vocabulary of 8192 word ids with a skewed (cubed uniform) frequency, so a few words are very
// common. The check compares every word's count, the cursor and every word's list of documents
// as a sorted multiset (the kernels' atomics fix no order), and that each fill count reached
// its word's count.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::iix {
namespace {

constexpr unsigned kThreads = 128;
constexpr unsigned kChunk = 8;  // CHUNK in iix.cu
constexpr std::uint64_t kVocabulary = 8192;

RunResult run_iix(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n =
      choose_size("iix", options, {.fallback = 1200 * kThreads * kChunk, .min = 1, .max = 1 << 24});
  SplitMix64 rng(options.seed);
  std::vector<std::uint32_t> words(n);
  for (auto& w : words) {
    const double u = rng.unit();
    w = static_cast<std::uint32_t>(u * u * u * kVocabulary);
  }
  std::vector<std::uint32_t> doc_start{0};
  while (doc_start.back() < n)
    doc_start.push_back(static_cast<std::uint32_t>(
        std::min<std::uint64_t>(n, doc_start.back() + 16 + rng.below(1008))));
  const auto docs = static_cast<std::uint32_t>(doc_start.size() - 1);

  // Lists in collection order are already sorted by document.
  std::vector<std::uint32_t> want_counts(kVocabulary, 0);
  for (auto w : words) ++want_counts[w];
  std::vector<std::uint32_t> offsets(kVocabulary, 0);
  for (std::size_t w = 1; w < kVocabulary; ++w) offsets[w] = offsets[w - 1] + want_counts[w - 1];
  std::vector<std::uint32_t> want_postings(n);
  {
    std::vector<std::uint32_t> fill(kVocabulary, 0);
    std::uint32_t doc = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      while (i >= doc_start[doc + 1]) ++doc;
      want_postings[offsets[words[i]] + fill[words[i]]++] = doc;
    }
  }

  Session session(runtime, "iix");
  gpu::DevPtr d_words = runtime.upload(words);
  gpu::DevPtr d_doc_start = runtime.upload(doc_start);
  gpu::DevPtr d_cursor = runtime.upload(std::vector<std::uint32_t>{0});
  gpu::DevPtr d_pair_word = runtime.malloc(n * sizeof(std::uint32_t));
  gpu::DevPtr d_pair_doc = runtime.malloc(n * sizeof(std::uint32_t));
  gpu::DevPtr d_counts = runtime.upload(std::vector<std::uint32_t>(kVocabulary, 0));
  const auto ctas = static_cast<std::uint32_t>((n + kThreads * kChunk - 1) / (kThreads * kChunk));
  const auto n32 = static_cast<std::uint32_t>(n);
  session.launch("iix_map", {ctas}, {kThreads},
                 {arg(d_words), arg(n32), arg(d_doc_start), arg(docs), arg(d_cursor),
                  arg(d_pair_word), arg(d_pair_doc), arg(d_counts)});
  const auto counts = runtime.download<std::uint32_t>(d_counts, kVocabulary);
  const auto cursor = runtime.download<std::uint32_t>(d_cursor, 1);
  if (auto m = first_mismatch("counts", want_counts, counts)) return session.finish(m);
  if (cursor[0] != n) return session.finish(fmt::format("cursor = {}, expected {}", cursor[0], n));

  // The host's part between the phases, as in Mars: list offsets from the counts.
  std::vector<std::uint32_t> device_offsets(kVocabulary, 0);
  for (std::size_t w = 1; w < kVocabulary; ++w)
    device_offsets[w] = device_offsets[w - 1] + counts[w - 1];
  gpu::DevPtr d_offsets = runtime.upload(device_offsets);
  gpu::DevPtr d_fill = runtime.upload(std::vector<std::uint32_t>(kVocabulary, 0));
  gpu::DevPtr d_postings = runtime.upload(std::vector<std::uint32_t>(n, 0xffffffffu));
  session.launch(
      "iix_fill", {ctas}, {kThreads},
      {arg(d_pair_word), arg(d_pair_doc), arg(n32), arg(d_offsets), arg(d_fill), arg(d_postings)});
  const auto fill = runtime.download<std::uint32_t>(d_fill, kVocabulary);
  auto postings = runtime.download<std::uint32_t>(d_postings, n);
  for (auto p : {d_words, d_doc_start, d_cursor, d_pair_word, d_pair_doc, d_counts, d_offsets,
                 d_fill, d_postings})
    runtime.free(p);
  if (auto m = first_mismatch("fill", want_counts, fill)) return session.finish(m);
  for (std::size_t w = 0; w < kVocabulary; ++w)
    std::sort(postings.begin() + offsets[w], postings.begin() + offsets[w] + want_counts[w]);
  return session.finish(first_mismatch("postings", want_postings, postings));
}

}  // namespace

WF_WORKLOAD("iix",
            "inverted index (Mars MapReduce): map emits (word, document) pairs through a global "
            "atomic cursor and counts words atomically, fill appends to lists by atomics; no "
            "barriers",
            "words in the collection (default 1228800: 1200 CTAs of 128 threads, 8 words each)",
            run_iix, 4096, {"dyncta"}, 0, false, /*schedule_dependent_memory=*/true);

}  // namespace wf::workloads::iix
