// Host driver and CPU reference for pvc.cu: a web log of URL records whose popularity is
// heavily skewed (a few pages take most views, as in real logs), counted chunk by chunk.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::pvc {
namespace {

constexpr unsigned kCta = 256;     // CTA in pvc.cu: records per chunk
constexpr unsigned kUrlWords = 8;  // URL_WORDS in pvc.cu
constexpr unsigned kNone = 0xffffffffu;
constexpr std::size_t kPages = 3000;

// Distinct URLs of 8..31 characters, so the map loop runs 2..8 iterations per record.
std::vector<std::string> make_urls(SplitMix64& rng) {
  std::vector<std::string> urls;
  for (std::size_t p = 0; p < kPages; ++p) {
    std::string path;
    for (auto c = 1 + rng.below(20); c > 0; --c) path += char('a' + rng.below(26));
    const std::string u = fmt::format("s{}.org/{}/{}", rng.below(40), path, p);
    urls.push_back(u.substr(0, 4 * kUrlWords - 1));
  }
  return urls;
}

// The key pvc.cu's map computes from a record.
unsigned url_key(const std::uint32_t* words) {
  unsigned h = 2166136261u;
  for (unsigned w = 0; w < kUrlWords && words[w] != 0; ++w) h = (h ^ words[w]) * 16777619u;
  return h & 0x7fffffffu;
}

RunResult run_pvc(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("pvc", options, {.fallback = 450 * kCta, .min = 1, .max = 1 << 22});
  SplitMix64 rng(options.seed);
  const auto urls = make_urls(rng);
  std::vector<std::uint32_t> records(n * kUrlWords, 0);
  for (std::size_t i = 0; i < n; ++i) {
    // Cubing a uniform number makes low page numbers far more popular.
    const double u = rng.unit();
    const auto& url = urls[std::size_t(u * u * u * kPages)];
    std::memcpy(&records[i * kUrlWords], url.data(), url.size());
  }

  const std::size_t chunks = (n + kCta - 1) / kCta;
  std::vector<std::uint32_t> want_keys(chunks * kCta, 0), want_counts(chunks * kCta, 0);
  std::vector<std::uint32_t> want_unique(chunks, 0);
  for (std::size_t c = 0; c < chunks; ++c) {
    std::vector<unsigned> keys;
    for (std::size_t i = c * kCta; i < std::min<std::size_t>(n, (c + 1) * kCta); ++i)
      keys.push_back(url_key(&records[i * kUrlWords]));
    std::sort(keys.begin(), keys.end());
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (i > 0 && keys[i] == keys[i - 1]) continue;
      const std::size_t slot = c * kCta + want_unique[c]++;
      want_keys[slot] = keys[i];
      want_counts[slot] = unsigned(std::upper_bound(keys.begin(), keys.end(), keys[i]) -
                                   keys.begin() - std::ptrdiff_t(i));
    }
  }

  Session session(runtime, "pvc");
  gpu::DevPtr d_records = runtime.upload(records);
  gpu::DevPtr d_keys = runtime.upload(std::vector<std::uint32_t>(chunks * kCta, 0));
  gpu::DevPtr d_counts = runtime.upload(std::vector<std::uint32_t>(chunks * kCta, 0));
  gpu::DevPtr d_unique = runtime.upload(std::vector<std::uint32_t>(chunks, kNone));
  session.launch("pvc_count", {static_cast<std::uint32_t>(chunks)}, {kCta},
                 {arg(d_records), arg(static_cast<std::uint32_t>(n)), arg(d_keys), arg(d_counts),
                  arg(d_unique)});
  auto keys = runtime.download<std::uint32_t>(d_keys, chunks * kCta);
  auto counts = runtime.download<std::uint32_t>(d_counts, chunks * kCta);
  auto unique = runtime.download<std::uint32_t>(d_unique, chunks);
  for (auto p : {d_records, d_keys, d_counts, d_unique}) runtime.free(p);

  if (auto m = first_mismatch("unique", want_unique, unique)) return session.finish(m);
  if (auto m = first_mismatch("keys", want_keys, keys)) return session.finish(m);
  return session.finish(first_mismatch("counts", want_counts, counts));
}

}  // namespace

WF_WORKLOAD("pvc",
            "Page View Count (Mars MapReduce): per CTA, map URL records to hash keys, group by "
            "bitonic sort in shared memory, reduce runs through a prefix sum; a barrier per step",
            "log records (default 115200: 450 CTAs of 256 threads, a chunk of 256 records each)",
            run_pvc, 1000, {"baws-barrier", "dyncta"}, 21);

}  // namespace wf::workloads::pvc
