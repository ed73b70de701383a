#include "sim_model/gpu/functional_driver.h"

#include <fmt/format.h>

#include <bit>
#include <deque>
#include <memory>

#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/cta_pool.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/kernel_error.h"

namespace wf::gpu {

FunctionalResult run_functional(ptx::LaunchContext& ctx, const FunctionalOptions& options) {
  FunctionalResult res;
  ptx::Executor ex(ctx);
  const std::uint64_t total = ctx.grid.count();
  const std::uint64_t threads = ctx.block.count();
  const std::uint64_t max_live = std::max<std::uint64_t>(
      1, options.max_resident_threads / std::max<std::uint64_t>(threads, 1));
  std::deque<std::unique_ptr<ptx::Cta>> live;
  ptx::CtaPool pool;
  std::uint64_t next = 0;
  const std::string& kname = ctx.kernel_fn().name;
  while (true) {
    while (live.size() < max_live && next < total) {
      live.push_back(pool.make(ctx, static_cast<std::uint32_t>(next++)));
    }
    if (live.empty()) break;
    bool progress = false;
    for (auto& cta : live) {
      for (ptx::Warp& w : cta->warps) {
        for (std::uint32_t q = 0; q < options.quantum; ++q) {
          if (w.finished() || w.barrier() >= 0) break;
          ptx::StepRecord rec = ex.step(w, *cta);
          progress = true;
          ++res.warp_instructions;
          res.thread_instructions += static_cast<std::uint64_t>(std::popcount(rec.active));
          if (res.warp_instructions > options.instruction_limit) {
            throw ptx::KernelError(fmt::format(
                "kernel '{}' exceeded the instruction limit of {} warp instructions (runaway "
                "kernel?); last at {}",
                kname, options.instruction_limit,
                ex.where(w, static_cast<unsigned>(std::countr_zero(rec.active | 1)))));
          }
          if (rec.is_barrier) break;  // let the other warps arrive
        }
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
      } else {
        ++it;
      }
    }
  }
  return res;
}

}  // namespace wf::gpu
