// Host drivers and CPU checks of the sync_* workloads: HeteroSync's inter-WG synchronization
// primitives in their busy-waiting form (the AWG paper's baseline). Each workload's .cpp
// registers itself with one WF_WORKLOAD line calling run_mutex, run_semaphore or run_barrier
// here; the device side is sync.cuh, whose memory layout this follows.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::sync_driver {

inline constexpr std::uint32_t kBlock = 64;      // threads per WG: sync.cuh's kBlock
inline constexpr std::uint32_t kSlotWords = 32;  // words per synchronization variable: kSlotWords
// Logical compute units of the local-scope primitives (cu = WG id mod kNumCus): gtx480's 15
// SMs. A driver cannot ask the runtime for the machine's SM count, so this is fixed; on other
// presets the instances do not match the SMs one to one, which changes contention, not the
// result.
inline constexpr std::uint32_t kNumCus = 15;
inline constexpr std::uint32_t kDefaultCtas = 60;  // 4 per gtx480 SM
// Busy-waiting needs every WG resident at once: gtx480 holds 8 CTAs per SM, 120 on its 15 SMs.
inline constexpr std::uint32_t kMaxCtas = 120;
// Test sizes, cheap enough for every policy set and the RTL replay of all 15 SMs' blocks: 8 WGs
// on the global instance (and the two-level barriers' global level); 30 in local scope, so that
// each of the 15 instances is contended by 2 WGs.
inline constexpr std::uint32_t kTestCtas = 8;
inline constexpr std::uint32_t kTestCtasLocal = 30;
inline constexpr std::uint32_t kTestCtasTwoLevel = 8;
inline constexpr std::uint32_t kRounds = 4;       // critical sections per WG
inline constexpr std::uint32_t kEpisodes = 8;     // barriers per WG
inline constexpr std::uint32_t kSemCapacity = 2;  // units of a semaphore
inline constexpr const char* kSizeUnit =
    "WGs (CTAs) of 64 threads, at most 120 so that all are resident on gtx480 (default 60)";

enum class Scope { kGlobal, kLocal };
enum class Mutex { kSpin, kTicket, kRing };

struct Layout {
  std::uint32_t ctas;
  std::uint32_t instances;  // of the primitive: 1 (global) or kNumCus (local)
  // WGs of instance c: those with id mod instances == c.
  std::uint32_t members(std::uint32_t c) const {
    return c < ctas ? (ctas - c + instances - 1) / instances : 0;
  }
  std::uint32_t most_members() const { return (ctas + instances - 1) / instances; }
};

inline Layout layout(const char* workload, const WorkloadOptions& options, Scope scope) {
  const auto ctas = static_cast<std::uint32_t>(
      choose_size(workload, options, {.fallback = kDefaultCtas, .min = 1, .max = kMaxCtas}));
  return {ctas, scope == Scope::kGlobal ? 1u : kNumCus};
}

// The instance's log holds WG ids of that instance only, each exactly `rounds` times, and its
// first `entries` positions are all written.
inline std::optional<std::string> check_log(const Layout& l, std::uint32_t c, std::uint32_t entries,
                                            std::uint32_t stride,
                                            const std::vector<std::uint32_t>& log) {
  std::vector<std::uint32_t> seen(l.ctas, 0);
  for (std::uint32_t i = 0; i < entries; ++i) {
    const std::uint32_t wg = log[c * stride + i];
    if (wg >= l.ctas || wg % l.instances != c)
      return fmt::format("instance {}: log[{}] = {}, expected a WG of that instance", c, i, wg);
    ++seen[wg];
  }
  for (std::uint32_t wg = c; wg < l.ctas; wg += l.instances)
    if (seen[wg] != kRounds)
      return fmt::format("WG {} entered the critical section {} times, expected {}", wg, seen[wg],
                         kRounds);
  return std::nullopt;
}

// Mutual exclusion: per instance, the plain counter saw every entry (no lost update), every WG
// logged itself kRounds times, every thread's plain increment of the instance's data row
// survived (the whole WG was inside, alone), and the mutex is at rest afterwards.
inline std::optional<std::string> check_mutex(const Layout& l, Mutex kind,
                                              const std::vector<std::uint32_t>& sync,
                                              const std::vector<std::uint32_t>& counter,
                                              const std::vector<std::uint32_t>& data,
                                              const std::vector<std::uint32_t>& log,
                                              std::uint32_t stride, std::uint32_t words) {
  for (std::uint32_t c = 0; c < l.instances; ++c) {
    const std::uint32_t entries = l.members(c) * kRounds;
    if (counter[c] != entries)
      return fmt::format(
          "instance {}: counter = {}, expected {} (lost updates: the mutex did not exclude)", c,
          counter[c], entries);
    if (auto bad = check_log(l, c, entries, stride, log)) return bad;
    for (std::uint32_t t = 0; t < kBlock; ++t)
      if (data[c * kBlock + t] != entries)
        return fmt::format("instance {}: data[{}] = {}, expected {} (a lost update)", c, t,
                           data[c * kBlock + t], entries);
    const std::uint32_t* inst = sync.data() + c * words;
    if (kind == Mutex::kSpin && inst[0] != 0)
      return fmt::format("instance {}: lock = {} after the run, expected 0", c, inst[0]);
    if (kind == Mutex::kTicket && (inst[0] != entries || inst[kSlotWords] != entries))
      return fmt::format("instance {}: next ticket {}, serving {}, expected both {}", c, inst[0],
                         inst[kSlotWords], entries);
    if (kind == Mutex::kRing && l.members(c) > 0) {
      if (inst[0] != entries)
        return fmt::format("instance {}: tail = {}, expected {}", c, inst[0], entries);
      const std::uint32_t ring = l.most_members();
      for (std::uint32_t s = 0; s < ring; ++s) {
        const std::uint32_t want = s == entries % ring ? 1 : 0;
        if (inst[(1 + s) * kSlotWords] != want)
          return fmt::format("instance {}: slot {} = {} after the run, expected {}", c, s,
                             inst[(1 + s) * kSlotWords], want);
      }
    }
  }
  return std::nullopt;
}

// SPM, SPMBO, FAM, SLM: kernel(sync, counter, data, log, log_stride, rounds[, num_cus]).
inline RunResult run_mutex(gpu::Runtime& runtime, const WorkloadOptions& options,
                           const char* workload, const char* kernel, Scope scope, Mutex kind) {
  const Layout l = layout(workload, options, scope);
  const std::uint32_t stride = l.most_members() * kRounds;  // log entries per instance
  const std::uint32_t words =
      kind == Mutex::kSpin
          ? kSlotWords
          : (kind == Mutex::kTicket ? 2 * kSlotWords : (1 + l.most_members()) * kSlotWords);
  std::vector<std::uint32_t> sync_init(l.instances * words, 0);
  if (kind == Mutex::kRing)
    for (std::uint32_t c = 0; c < l.instances; ++c) sync_init[c * words + kSlotWords] = 1;

  Session session(runtime, workload);
  gpu::DevPtr sync = runtime.upload(sync_init);
  gpu::DevPtr counter = runtime.upload(std::vector<std::uint32_t>(l.instances, 0));
  gpu::DevPtr data = runtime.upload(std::vector<std::uint32_t>(l.instances * kBlock, 0));
  gpu::DevPtr log = runtime.upload(std::vector<std::uint32_t>(l.instances * stride, ~0u));
  std::vector<gpu::KernelArg> args{arg(sync), arg(counter), arg(data),
                                   arg(log),  arg(stride),  arg(kRounds)};
  if (scope == Scope::kLocal) args.push_back(arg(kNumCus));
  session.launch(kernel, {l.ctas}, {kBlock}, args);
  const auto sync_after = runtime.download<std::uint32_t>(sync, sync_init.size());
  const auto counts = runtime.download<std::uint32_t>(counter, l.instances);
  const auto rows = runtime.download<std::uint32_t>(data, l.instances * kBlock);
  const auto entries = runtime.download<std::uint32_t>(log, l.instances * stride);
  for (auto p : {sync, counter, data, log}) runtime.free(p);
  return session.finish(check_mutex(l, kind, sync_after, counts, rows, entries, stride, words));
}

// SEM: kernel(sync, counter, data, log, inside, peak, log_stride, rounds[, num_cus]). The check:
// at most kSemCapacity WGs of an instance were inside at once, every WG took a unit kRounds
// times (log, and its own data row incremented kRounds times), and the semaphore is back at
// rest (all units free, nobody inside).
inline RunResult run_semaphore(gpu::Runtime& runtime, const WorkloadOptions& options,
                               const char* workload, const char* kernel, Scope scope) {
  const Layout l = layout(workload, options, scope);
  const std::uint32_t stride = l.most_members() * kRounds;
  std::vector<std::uint32_t> sync_init(l.instances * kSlotWords, 0);
  for (std::uint32_t c = 0; c < l.instances; ++c) sync_init[c * kSlotWords] = kSemCapacity;

  Session session(runtime, workload);
  gpu::DevPtr sync = runtime.upload(sync_init);
  gpu::DevPtr counter = runtime.upload(std::vector<std::uint32_t>(l.instances, 0));
  gpu::DevPtr data = runtime.upload(std::vector<std::uint32_t>(l.ctas * kBlock, 0));
  gpu::DevPtr log = runtime.upload(std::vector<std::uint32_t>(l.instances * stride, ~0u));
  gpu::DevPtr inside = runtime.upload(std::vector<std::uint32_t>(l.instances, 0));
  gpu::DevPtr peak = runtime.upload(std::vector<std::uint32_t>(l.instances, 0));
  std::vector<gpu::KernelArg> args{arg(sync),   arg(counter), arg(data),   arg(log),
                                   arg(inside), arg(peak),    arg(stride), arg(kRounds)};
  if (scope == Scope::kLocal) args.push_back(arg(kNumCus));
  session.launch(kernel, {l.ctas}, {kBlock}, args);
  const auto sync_after = runtime.download<std::uint32_t>(sync, sync_init.size());
  const auto counts = runtime.download<std::uint32_t>(counter, l.instances);
  const auto rows = runtime.download<std::uint32_t>(data, l.ctas * kBlock);
  const auto entries = runtime.download<std::uint32_t>(log, l.instances * stride);
  const auto in = runtime.download<std::uint32_t>(inside, l.instances);
  const auto peaks = runtime.download<std::uint32_t>(peak, l.instances);
  for (auto p : {sync, counter, data, log, inside, peak}) runtime.free(p);

  auto check = [&]() -> std::optional<std::string> {
    for (std::uint32_t c = 0; c < l.instances; ++c) {
      const std::uint32_t n = l.members(c) * kRounds;
      if (peaks[c] > kSemCapacity || (n > 0 && peaks[c] == 0))
        return fmt::format("instance {}: {} WGs inside at once, expected 1 to {}", c, peaks[c],
                           kSemCapacity);
      if (counts[c] != n)
        return fmt::format("instance {}: {} entries, expected {}", c, counts[c], n);
      if (auto bad = check_log(l, c, n, stride, entries)) return bad;
      if (in[c] != 0 || sync_after[c * kSlotWords] != kSemCapacity)
        return fmt::format(
            "instance {}: {} inside and {} units free after the run, expected 0 "
            "and {}",
            c, in[c], sync_after[c * kSlotWords], kSemCapacity);
    }
    for (std::uint32_t i = 0; i < rows.size(); ++i)
      if (rows[i] != kRounds)
        return fmt::format("WG {} thread {}: data = {}, expected {}", i / kBlock, i % kBlock,
                           rows[i], kRounds);
    return std::nullopt;
  }();
  return session.finish(check);
}

// TB, TBEX, LFTB, LFTBEX: kernel(sync, data, seen, episodes, num_cus). The check: in every
// episode every thread read its neighbour's value of that episode (an early release reads 0 or
// an older episode's value), and the barrier's variables are at rest (every count and flag at
// its last episode's value).
inline RunResult run_barrier(gpu::Runtime& runtime, const WorkloadOptions& options,
                             const char* workload, const char* kernel, bool lf_tree,
                             bool local_exchange) {
  const Layout l = layout(workload, options, Scope::kLocal);
  const std::uint32_t g = l.ctas;
  const std::uint32_t n = l.instances;
  const std::uint32_t active = std::min(g, n);
  const std::uint32_t slots = lf_tree ? 2 * g : 2 * n + 2;

  Session session(runtime, workload);
  gpu::DevPtr sync = runtime.upload(std::vector<std::uint32_t>(slots * kSlotWords, 0));
  gpu::DevPtr data = runtime.upload(std::vector<std::uint32_t>(2 * g * kBlock, 0));
  gpu::DevPtr seen = runtime.upload(std::vector<std::uint32_t>(kEpisodes * g * kBlock, 0));
  session.launch(kernel, {g}, {kBlock}, {arg(sync), arg(data), arg(seen), arg(kEpisodes), arg(n)});
  const auto words = runtime.download<std::uint32_t>(sync, slots * kSlotWords);
  const auto reads = runtime.download<std::uint32_t>(seen, kEpisodes * g * kBlock);
  for (auto p : {sync, data, seen}) runtime.free(p);

  auto check = [&]() -> std::optional<std::string> {
    for (std::uint32_t e = 0; e < kEpisodes; ++e)
      for (std::uint32_t b = 0; b < g; ++b) {
        const std::uint32_t nb =
            local_exchange ? (b + n < g ? b + n : b % n) : (b + 1 < g ? b + 1 : 0);
        for (std::uint32_t t = 0; t < kBlock; ++t) {
          const std::uint32_t got = reads[(e * g + b) * kBlock + t];
          const std::uint32_t want = 1 + (e * g + nb) * kBlock + t;
          if (got != want)
            return fmt::format(
                "episode {}: WG {} thread {} read {} from WG {}, expected {} ({}: the barrier "
                "released it before WG {} arrived)",
                e, b, t, got, nb, want,
                got == 0 ? "never written" : fmt::format("episode {}'s", (got - 1) / g / kBlock),
                nb);
        }
      }
    auto slot = [&](std::uint32_t s) { return words[s * kSlotWords]; };
    if (lf_tree) {
      for (std::uint32_t b = 1; b < g; ++b)
        if (slot(b) != kEpisodes || slot(g + b) != kEpisodes)
          return fmt::format("WG {}: arrival {} and release {} after the run, expected {}", b,
                             slot(b), slot(g + b), kEpisodes);
    } else {
      for (std::uint32_t c = 0; c < active; ++c)
        if (slot(2 * c) != kEpisodes * l.members(c) || slot(2 * c + 1) != kEpisodes)
          return fmt::format("CU {}: count {} and flag {} after the run, expected {} and {}", c,
                             slot(2 * c), slot(2 * c + 1), kEpisodes * l.members(c), kEpisodes);
      if (slot(2 * n) != kEpisodes * active || slot(2 * n + 1) != kEpisodes)
        return fmt::format("global count {} and flag {} after the run, expected {} and {}",
                           slot(2 * n), slot(2 * n + 1), kEpisodes * active, kEpisodes);
    }
    return std::nullopt;
  }();
  return session.finish(check);
}

// The registrations of the sync_* workloads (each folder's .cpp is one of these): every one
// needs its whole grid resident (persistent_grid); the mutexes' and semaphores' logs are in an
// order the schedule decides, the barriers' memory is the same under every schedule.
inline Workload sync_workload(const char* name, const char* description, WorkloadRun run,
                              std::uint64_t test_size, bool schedule_dependent_memory) {
  return {name,
          description,
          kSizeUnit,
          std::move(run),
          test_size,
          {"awg"},
          0,
          /*persistent_grid=*/true,
          schedule_dependent_memory};
}

inline Workload mutex_workload(const char* name, const char* kernel, Scope scope, Mutex kind,
                               const char* description) {
  auto run = [=](gpu::Runtime& runtime, const WorkloadOptions& options) {
    return run_mutex(runtime, options, name, kernel, scope, kind);
  };
  return sync_workload(name, description, run, scope == Scope::kGlobal ? kTestCtas : kTestCtasLocal,
                       true);
}

inline Workload semaphore_workload(const char* name, const char* kernel, Scope scope,
                                   const char* description) {
  auto run = [=](gpu::Runtime& runtime, const WorkloadOptions& options) {
    return run_semaphore(runtime, options, name, kernel, scope);
  };
  return sync_workload(name, description, run, scope == Scope::kGlobal ? kTestCtas : kTestCtasLocal,
                       true);
}

inline Workload barrier_workload(const char* name, const char* kernel, bool lf_tree,
                                 bool local_exchange, const char* description) {
  auto run = [=](gpu::Runtime& runtime, const WorkloadOptions& options) {
    return run_barrier(runtime, options, name, kernel, lf_tree, local_exchange);
  };
  return sync_workload(name, description, run, kTestCtasTwoLevel, false);
}

}  // namespace wf::workloads::sync_driver
