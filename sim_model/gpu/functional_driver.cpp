#include "sim_model/gpu/functional_driver.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <deque>
#include <memory>
#include <unordered_map>

#include "sim_model/gpu/progress_monitor.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/cta_pool.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/kernel_error.h"
#include "sim_model/ptx/pc_range.h"

namespace wf::gpu {
namespace {

using LiveCtas = std::deque<std::unique_ptr<ptx::Cta>>;
using SpinRanges = std::unordered_map<const ptx::Warp*, ptx::PcRange>;

// One line per unfinished warp, as the cycle model's deadlock dump has them (less the SM's
// state), with the PCs each ran while the monitor watched.
std::string dump_warps(const ptx::LaunchContext& ctx, const LiveCtas& live,
                       const SpinRanges& spin) {
  std::string out;
  for (const auto& cta : live) {
    for (const ptx::Warp& w : cta->warps) {
      if (w.finished()) continue;
      const ptx::Function& f = ctx.module->functions[w.function()];
      const std::uint32_t pc = w.pc();
      const auto it = spin.find(&w);
      out += fmt::format("  cta {} warp {:2}: pc {} ({}), barrier {}{}\n", cta->id, w.warp_in_cta(),
                         pc, pc < f.text.size() ? f.text[pc] : "?", w.barrier(),
                         it == spin.end() ? "" : it->second.dump_suffix());
    }
  }
  return out;
}

}  // namespace

FunctionalResult run_functional(ptx::LaunchContext& ctx, const FunctionalOptions& options) {
  FunctionalResult res;
  ptx::Executor ex(ctx);
  const std::uint64_t total = ctx.grid.count();
  const std::uint64_t threads = ctx.block.count();
  const std::uint64_t max_live = std::max<std::uint64_t>(
      1, options.max_resident_threads / std::max<std::uint64_t>(threads, 1));
  LiveCtas live;
  ptx::CtaPool pool;
  std::uint64_t next = 0, finished = 0, finished_seen = 0;
  const std::string& kname = ctx.kernel_fn().name;
  // The monitor's and the progress line's checks share one compare per warp turn.
  ProgressMonitor monitor(options.livelock_window, 0);
  const std::uint64_t progress_every = std::max<std::uint64_t>(options.progress_every, 1);
  std::uint64_t next_progress = options.progress ? progress_every : ProgressMonitor::kNever;
  std::uint64_t next_check = std::min(monitor.next_check(), next_progress);
  bool observing = false;
  SpinRanges spin;
  auto checkpoint = [&] {
    if (res.warp_instructions >= monitor.next_check()) {
      const bool progressed = ex.take_memory_changed() || finished != finished_seen;
      finished_seen = finished;
      switch (monitor.check(res.warp_instructions, progressed)) {
        case ProgressMonitor::Verdict::kQuiet:
          observing = false;
          break;
        case ProgressMonitor::Verdict::kStartObserving:
          spin.clear();
          observing = true;
          break;
        case ProgressMonitor::Verdict::kObserving:
          break;
        case ProgressMonitor::Verdict::kLivelock: {
          LivelockReport r;
          r.kernel = kname;
          r.unit = "warp instructions";
          r.window = monitor.window();
          r.at = res.warp_instructions;
          r.ctas_launched = total;
          r.ctas_finished = finished;
          r.ctas_resident = live.size();
          r.ctas_waiting = total - next;
          r.warp_dump = dump_warps(ctx, live, spin);
          throw LivelockError(std::move(r));
        }
      }
    }
    if (res.warp_instructions >= next_progress) {
      options.progress(res.warp_instructions);
      next_progress = res.warp_instructions + progress_every;
    }
    next_check = std::min(monitor.next_check(), next_progress);
  };
  while (true) {
    while (live.size() < max_live && next < total) {
      live.push_back(pool.make(ctx, static_cast<std::uint32_t>(next++)));
    }
    if (live.empty()) break;
    bool progress = false;
    for (auto& cta : live) {
      for (ptx::Warp& w : cta->warps) {
        ptx::PcRange turn;
        for (std::uint32_t q = 0; q < options.quantum; ++q) {
          if (w.finished() || w.barrier() >= 0) break;
          ptx::StepRecord rec = ex.step(w, *cta);
          progress = true;
          ++res.warp_instructions;
          res.thread_instructions += w.rows() == 1
                                         ? static_cast<std::uint64_t>(std::popcount(rec.active))
                                         : ex.large_step().active_threads();
          if (observing) turn.add(rec.pc);
          if (res.warp_instructions > options.instruction_limit) {
            throw ptx::KernelError(fmt::format(
                "kernel '{}' exceeded the instruction limit of {} warp instructions (runaway "
                "kernel?); last at {}",
                kname, options.instruction_limit,
                ex.where(w, static_cast<unsigned>(std::countr_zero(rec.active | 1)))));
          }
          if (rec.is_barrier) break;  // let the other warps arrive
        }
        if (observing) spin[&w].add(turn);
        if (res.warp_instructions >= next_check) checkpoint();
      }
      ctx.clock += options.quantum;
    }
    if (!progress) {
      for (auto& cta : live) {
        for (ptx::Warp& w : cta->warps) {
          if (!w.finished()) {
            throw ptx::KernelError(fmt::format(
                "kernel '{}' deadlocked: {} waits at barrier {} that the other warps of its block "
                "never reach",
                kname, ex.where(w, static_cast<unsigned>(std::countr_zero(w.active() | 1))),
                w.barrier()));
          }
        }
      }
    }
    for (auto it = live.begin(); it != live.end();) {
      if ((*it)->finished()) {
        pool.recycle(std::move(*it));
        it = live.erase(it);
        ++finished;
      } else {
        ++it;
      }
    }
  }
  res.longest_quiet =
      std::max(monitor.longest_quiet(), res.warp_instructions - monitor.last_progress());
  return res;
}

}  // namespace wf::gpu
