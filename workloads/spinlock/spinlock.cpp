// Host driver and CPU reference for spinlock.cu.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::spinlock {
namespace {

constexpr unsigned kBlock = 256;
constexpr std::uint32_t kRounds = 4;  // critical sections per CTA
constexpr std::uint32_t kUnwritten = 0xffffffffu;

// Mutual exclusion held iff no increment was lost (counter) and every critical section left
// exactly one log entry (each CTA appears kRounds times).
std::optional<std::string> check(std::uint32_t ctas, std::uint32_t counter,
                                 const std::vector<std::uint32_t>& log) {
  const std::uint32_t total = ctas * kRounds;
  if (counter != total)
    return fmt::format("counter = {}, expected {} (lost updates: the lock did not exclude)",
                       counter, total);
  std::vector<std::uint32_t> seen(ctas, 0);
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i] >= ctas) return fmt::format("log[{}] = {}, expected a CTA id < {}", i, log[i], ctas);
    ++seen[log[i]];
  }
  for (std::uint32_t c = 0; c < ctas; ++c)
    if (seen[c] != kRounds)
      return fmt::format("CTA {} entered the critical section {} times, expected {}", c, seen[c],
                         kRounds);
  return std::nullopt;
}

RunResult run_spinlock(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto ctas = static_cast<std::uint32_t>(
      choose_size("spinlock", options, {.fallback = 64, .min = 1, .max = 4096}));
  const std::uint32_t total = ctas * kRounds;

  Session session(runtime, "spinlock");
  gpu::DevPtr lock = runtime.upload(std::vector<std::int32_t>{0});
  gpu::DevPtr counter = runtime.upload(std::vector<std::uint32_t>{0});
  gpu::DevPtr log = runtime.upload(std::vector<std::uint32_t>(total, kUnwritten));
  session.launch("spinlock_count", {ctas}, {kBlock},
                 {arg(lock), arg(counter), arg(log), arg(kRounds)});
  const auto final_count = runtime.download<std::uint32_t>(counter, 1)[0];
  const auto entries = runtime.download<std::uint32_t>(log, total);
  for (auto p : {lock, counter, log}) runtime.free(p);
  return session.finish(check(ctas, final_count, entries));
}

}  // namespace

WF_WORKLOAD("spinlock",
            "global spin mutex (atomicCAS / atomicExch with __threadfence) taken by one thread "
            "per CTA around a plain counter increment",
            "CTAs of 256 threads, 4 critical sections each (default 64)", run_spinlock, 8, {}, 0,
            false, /*schedule_dependent_memory=*/true);

}  // namespace wf::workloads::spinlock
