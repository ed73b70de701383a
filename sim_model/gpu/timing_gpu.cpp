#include "sim_model/gpu/timing_gpu.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include <fmt/format.h>

#include "sim_model/gpu/cooperative_launch.h"
#include "sim_model/gpu/l1d_port_adapter.h"
#include "sim_model/gpu/progress_monitor.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/mem/l1d.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/kernel_error.h"
#include "sim_model/sm/policies/make_policy.h"

namespace wf::gpu {
namespace {

constexpr std::uint64_t kProgressEvery = 1 << 16;  // cycles

// PTX declares virtual registers without limit; ptxas allocates far fewer. Without a ptxas
// report we assume half the declared non-predicate registers (64-bit ones count double), within
// Fermi's 16..63 per thread. `--param regs_per_thread=N` overrides it.
unsigned estimate_registers(const ptx::Function& f) {
  unsigned words = 0;
  for (ptx::Type t : f.reg_types) {
    if (t == ptx::Type::Pred) continue;
    words += ptx::type_bytes(t) > 4 ? 2 : 1;
  }
  return std::clamp(words / 2, 16u, 63u);
}

}  // namespace

TimingGpu::TimingGpu(TimingSession& session)
    : session_(session),
      config_(session.config()),
      ctas_(sms_, asleep_),
      dispatch_(sm::policies::make_policy<sm::policies::DispatchPolicyList>(
          sm::policies::PolicyKind::kDispatch, config_.dispatch, config_)) {
  memory_ = session.memory_factory
                ? session.memory_factory(config_)
                : mem::make_memory_system(config_.machine, config_.num_sms, config_.reference);
  mem::MemConfig mc;
  if (!session.l1_factory) mc = mem::load_mem_config(config_.machine);
  mc.l1.reference = config_.reference;
  // The cache's own hit latency is part of the pipeline's load-to-use latency.
  const unsigned data_path =
      config_.l1d_hit_latency > mc.l1.hit_latency ? config_.l1d_hit_latency - mc.l1.hit_latency : 0;
  for (std::uint32_t i = 0; i < config_.num_sms; ++i) {
    std::unique_ptr<sm::L1DataPort> l1;
    if (session.l1_factory) {
      l1 = session.l1_factory(config_, *memory_, i);
    } else {
      l1 = std::make_unique<L1dPortAdapter>(mc.l1, i, *memory_, data_path);
    }
    sms_.push_back(std::make_unique<sm::Sm>(config_, i, std::move(l1)));
  }
  asleep_.assign(sms_.size(), false);
  ctas_.set_memory(memory_.get());
  // The dispatch policy's blocks serve one SM each: instance sm<id>_dispatch.
  if (session.external_blocks) {
    for (auto& s : sms_) s->use_external(*session.external_blocks);
    std::visit(
        [&](auto& p) {
          p.for_each_block(
              [&](auto& slot, const std::string&) { session.external_blocks->attach(slot); });
        },
        dispatch_);
  }
  if (session.block_traces) {
    block_traces_ = session.block_traces.get();
    for (auto& s : sms_) s->record_blocks(*block_traces_);
    std::visit(
        [&](auto& p) {
          p.for_each_block([&](auto& slot, const std::string& instance) {
            slot.record_to(block_traces_->open(instance, slot.params()));
          });
        },
        dispatch_);
  }
  dispatch_every_cycle_ =
      std::visit([](const auto& p) { return std::decay_t<decltype(p)>::kEveryCycle; }, dispatch_);
  memory_->set_atomic_hook([this](const mem::LineRequest& r) {
    if (r.sm < sms_.size()) sms_[r.sm]->atomic_arrived(r.id, r.addr);
  });
  session_.results() = TimingResults{};
}

TimingGpu::~TimingGpu() = default;

sm::CtaShape TimingGpu::shape_of(const ptx::LaunchContext& ctx) const {
  sm::CtaShape s;
  const std::uint64_t threads = ctx.block.count();
  const std::uint64_t per_warp = ctx.threads_per_warp();
  s.warps = static_cast<std::uint32_t>((threads + per_warp - 1) / per_warp);
  s.threads = static_cast<std::uint32_t>(s.warps * per_warp);  // allocated a warp at a time
  s.registers = registers_of(ctx).per_thread * s.threads;
  s.shared_bytes = ctx.shared_bytes;
  return s;
}

RegisterCount TimingGpu::registers_of(const ptx::LaunchContext& ctx) const {
  return timing_registers(config_, ctx);
}

RegisterCount timing_registers(const sm::TimingConfig& config, const ptx::LaunchContext& ctx) {
  if (config.regs_per_thread) return {config.regs_per_thread, "--param regs_per_thread"};
  if (ctx.registers_per_thread)
    return {ctx.registers_per_thread, "declared by the workload, spec or program"};
  return {estimate_registers(ctx.kernel_fn()), "estimated from the PTX"};
}

TimingLaunchResult TimingGpu::launch(ptx::LaunchContext& ctx, std::uint64_t instruction_limit) {
  ctx.num_sms = static_cast<std::uint32_t>(sms_.size());
  ctx.large_warp_rows = config_.large_warp_size ? config_.large_warp_size / ctx.warp_size : 1;
  const sm::CtaShape shape = shape_of(ctx);
  check_launch_limits(ctx, SmLimits::of(config_), registers_of(ctx));
  check_cooperative_launch(ctx, SmLimits::of(config_), registers_of(ctx));
  ptx::Executor executor(ctx);
  executor.set_defer_global_atomics(true);
  for (auto& s : sms_) s->begin_launch(ctx, executor);
  auto& results = session_.results();
  results.kernels.push_back({ctx.kernel_fn().name, now_, now_, 0, 0, {}});
  kernel_ = &results.kernels.back();
  if (config_.launch_overhead_cycles > 0) {
    // The previous launch drained the memory system; the GPU idles until the first dispatch.
    memory_->skip_idle(config_.launch_overhead_cycles);
    now_ += config_.launch_overhead_cycles;
  }
  ctas_.begin_launch(shape, ctx.grid.count());
  std::visit([&](auto& p) { p.begin_launch(ctas_); }, dispatch_);
  const std::uint64_t total_ctas = ctas_.total_ctas();
  std::uint64_t done = 0;
  std::uint64_t last_issue = now_, warp_instructions = 0, thread_base = 0;
  for (auto& s : sms_) thread_base += s->stats().thread_instructions;
  const std::uint64_t start = now_;
  for (unsigned i = 0; i < sms_.size(); ++i) asleep_[i] = sms_[i]->asleep();
  const std::uint64_t* const ready = memory_->responses_ready();
  ProgressMonitor monitor(config_.livelock_cycles, now_);
  std::uint64_t next_check = monitor.next_check();
  std::uint64_t done_seen = 0;
  spin_.clear();  // an earlier launch's

  try {
    // Stores still queued in an L1 are part of this launch's traffic.
    auto drained = [&] {
      return memory_->idle() &&
             std::all_of(sms_.begin(), sms_.end(), [](const auto& s) { return s->l1_quiet(); });
    };
    while (done < total_ctas || !drained()) {
      if (block_traces_) block_traces_->set_cycle(now_);
      if (ctas_.ctas_left()) std::visit([&](auto& p) { p.dispatch(ctas_, now_); }, dispatch_);
      unsigned issued = 0;
      bool all_quiet = true, finished = false;
      // Locals, so that the compiler need not reload them after every call into an SM.
      std::uint8_t* const asleep = asleep_.data();
      const unsigned num_sms = static_cast<unsigned>(sms_.size());
      const std::uint64_t now = now_;
      for (unsigned i = 0; i < num_sms; ++i) {
        if (asleep[i]) {
          if (ready ? !((ready[i / 64] >> (i % 64)) & 1) : !memory_->has_response(i)) continue;
          sms_[i]->wake(now);
        }
        sm::Sm& s = *sms_[i];
        if (i + 1 < num_sms) sms_[i + 1]->prefetch();
        issued += s.cycle(now);
        asleep[i] = s.asleep();
        all_quiet = all_quiet && (asleep[i] || s.empty());
        finished = finished || s.has_finished();
      }
      memory_->tick();
      // CTAs finish only in a cycle run, so most cycles need not visit the SMs again.
      for (unsigned i = 0; finished && i < sms_.size(); ++i) {
        if (!sms_[i]->has_finished()) continue;
        for (const auto& r : sms_[i]->take_finished()) {
          kernel_->ctas.push_back(r);
          ++done;
        }
        std::visit([&](auto& p) { p.cta_finished(ctas_); }, dispatch_);
      }
      if (dispatch_every_cycle_) [[unlikely]]
        std::visit([&](auto& p) { p.end_cycle(ctas_, now_); }, dispatch_);
      warp_instructions += issued;
      if (issued) last_issue = now_;
      ++now_;
      if (warp_instructions > instruction_limit) {
        throw ptx::KernelError(fmt::format(
            "kernel '{}' exceeded the instruction limit of {} warp instructions (runaway "
            "kernel?)",
            ctx.kernel_fn().name, instruction_limit));
      }
      // Nothing can ever move again (every SM sleeps on a memory system with nothing in
      // flight): the watchdog would fire; skip the wait.
      if (all_quiet && memory_->idle() && done < total_ctas && !ctas_.ctas_left()) {
        now_ = std::max(now_, last_issue + config_.watchdog_cycles);
        deadlock(ctx, now_ - last_issue);
      }
      if (now_ - last_issue >= config_.watchdog_cycles) deadlock(ctx, now_ - last_issue);
      if (now_ >= next_check) {
        next_check =
            check_progress(ctx, monitor, executor.take_memory_changed() || done != done_seen, done);
        done_seen = done;
      }
      if (config_.max_cycles && now_ >= config_.max_cycles) {
        results.status = "error";
        results.message = fmt::format("cycle limit of {} reached", config_.max_cycles);
        throw ptx::KernelError(fmt::format("kernel '{}': {} at cycle {}", ctx.kernel_fn().name,
                                           results.message, now_));
      }
      if (session_.progress && now_ % kProgressEvery == 0) {
        std::uint64_t t = 0;
        for (auto& s : sms_) t += s->stats().thread_instructions;
        session_.progress(now_, t);
      }
    }
  } catch (const ptx::KernelError& e) {
    if (results.status == "ok") {
      results.status = "error";
      results.message = e.what();
    }
    for (auto& s : sms_)
      if (s->asleep()) s->wake(now_);
    publish();
    throw;
  }
  for (auto& s : sms_)
    if (s->asleep()) s->wake(now_);
  // Drained: every atomic has reached the L2 and been performed.
  assert(executor.deferred_atomics() == 0);
  TimingLaunchResult r;
  r.cycles = now_ - start;
  r.warp_instructions = warp_instructions;
  for (auto& s : sms_) r.thread_instructions += s->stats().thread_instructions;
  r.thread_instructions -= thread_base;
  r.longest_quiet = std::max(monitor.longest_quiet(), now_ - monitor.last_progress());
  kernel_->end_cycle = now_;
  kernel_->warp_instructions = r.warp_instructions;
  kernel_->thread_instructions = r.thread_instructions;
  publish();
  return r;
}

void TimingGpu::publish() {
  auto& results = session_.results();
  results.cycles = now_;
  results.sms.clear();
  results.l1.clear();
  for (auto& s : sms_) {
    results.sms.push_back(s->stats());
    results.l1.push_back(s->l1_stats());
  }
  results.memory = memory_->stats();
  results.timeline.clear();
  for (auto& s : sms_)
    results.timeline.insert(results.timeline.end(), s->timeline().begin(), s->timeline().end());
  std::visit(
      [&](const auto& p) {
        if constexpr (requires { p.trace(); }) {
          results.cta_limit_period = p.period();
          results.cta_limits.clear();
          for (std::size_t i = 0; i < sms_.size(); ++i) {
            const auto& t = p.trace()[i];
            TimingResults::CtaLimitSm r;
            r.idle_cycles = t.idle_cycles;
            r.mem_cycles = t.mem_cycles;
            r.avg_limit = t.cycles ? static_cast<double>(t.limit_cycles) / t.cycles : 0.0;
            r.limit_series = t.n;
            r.paused_warp_cycles = sms_[i]->paused_warp_cycles();
            results.cta_limits.push_back(std::move(r));
          }
        }
      },
      dispatch_);
}

void TimingGpu::deadlock(const ptx::LaunchContext& ctx, std::uint64_t idle_cycles) {
  auto& results = session_.results();
  results.status = "deadlock";
  results.message =
      fmt::format("kernel '{}' deadlocked: no instruction issued for {} cycles (at cycle {})",
                  ctx.kernel_fn().name, idle_cycles, now_);
  results.warp_dump.clear();
  for (auto& s : sms_) {
    if (s->asleep()) s->wake(now_);
    results.warp_dump += s->dump_warps();
  }
  throw ptx::KernelError(results.message);
}

std::uint64_t TimingGpu::check_progress(const ptx::LaunchContext& ctx, ProgressMonitor& monitor,
                                        bool progressed, std::uint64_t done) {
  switch (monitor.check(now_, progressed)) {
    case ProgressMonitor::Verdict::kQuiet:
      break;
    case ProgressMonitor::Verdict::kStartObserving:
      spin_.assign(sms_.size(), {});
      [[fallthrough]];
    case ProgressMonitor::Verdict::kObserving:
      for (unsigned i = 0; i < sms_.size(); ++i) sms_[i]->observe_pcs(spin_[i]);
      break;
    case ProgressMonitor::Verdict::kLivelock:
      livelock(ctx, monitor.window(), done);
  }
  return monitor.next_check();
}

void TimingGpu::livelock(const ptx::LaunchContext& ctx, std::uint64_t window, std::uint64_t done) {
  LivelockReport report;
  report.kernel = ctx.kernel_fn().name;
  report.unit = "cycles";
  report.window = window;
  report.at = now_;
  report.ctas_launched = ctas_.total_ctas();
  report.ctas_finished = done;
  report.ctas_waiting = ctas_.total_ctas() - ctas_.next_cta();
  report.ctas_resident = report.ctas_launched - done - report.ctas_waiting;
  spin_.resize(sms_.size());
  for (unsigned i = 0; i < sms_.size(); ++i) {
    if (sms_[i]->asleep()) sms_[i]->wake(now_);
    report.warp_dump += sms_[i]->dump_warps(spin_[i]);
  }
  auto& results = session_.results();
  results.status = "livelock";
  results.message = report.message();
  results.cause = report.cause();
  results.warp_dump = report.warp_dump;
  throw LivelockError(std::move(report));
}

}  // namespace wf::gpu
