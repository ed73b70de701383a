#include "sim_model/sm/issue_stage.h"

#include <bit>
#include <cassert>
#include <stdexcept>

#include <fmt/format.h>

namespace wf::sm {

IssueStage::IssueStage(SmCore& core, LoadStoreUnit& lsu)
    : core_(core),
      lsu_(lsu),
      check_states_(core.config.check_warp_states),
      barrel_(core.config.barrel_processing != 0),
      large_(core.config.large_warp_size != 0) {
  const unsigned n = core.config.machine.schedulers;
  for (unsigned k = 0; k < n; ++k) {
    schedulers_.emplace_back(core.config);
    schedulers_.back().attach(core, k, n);
    if (schedulers_.back().calls_block_without_ready()) calls_without_ready_ |= 1u << k;
  }
  for (unsigned w = 0; w < core.warps.size(); ++w) {
    scheduler_mask_.at(w % n) |= SmCore::bit(w);
    index_in_scheduler_.at(w) = static_cast<std::uint8_t>(w / n);
  }
  const std::array<unsigned, kNumUnits> units{core.config.sp_units, core.config.sfu_units,
                                              core.config.ldst_units};
  for (unsigned u = 0; u < kNumUnits; ++u)
    if (units[u] < n) shared_units_ |= 1u << u;
  if (core.config.large_warp_size)
    for (unsigned k = 0; k < n; ++k) packers_.push_back(std::make_unique<SubwarpIssue>(core, lsu));
  core.stats.active_lanes.assign(std::size_t{n} * core.config.machine.warp_size + 1, 0);
}

int IssueStage::select(unsigned k, std::uint64_t ready) {
  if (pausing_) [[unlikely]]
    return select_pausing(k, ready);
  return ready == 0 && !((calls_without_ready_ >> k) & 1)
             ? -1
             : schedulers_[k].select(ready, core_.barriers.counts().count);
}

// Out of line: only DYNCTA's runs with a CTA paused come here.
__attribute__((noinline)) int IssueStage::select_pausing(unsigned k, std::uint64_t ready) {
  const std::uint64_t offered = pausing_state_.offer(k, ready);
  const int pick = offered == 0 && !((calls_without_ready_ >> k) & 1)
                       ? -1
                       : schedulers_[k].select(offered, core_.barriers.counts().count);
  pausing_state_.picked(k, pick);
  return pick;
}

void IssueStage::set_paused(std::uint64_t warps) {
  const unsigned n = static_cast<unsigned>(schedulers_.size());
  for (unsigned k = 0; k < n; ++k) {
    std::uint64_t local = 0;
    for (std::uint64_t m = warps & scheduler_mask_[k]; m; m &= m - 1)
      local |= std::uint64_t{1} << index_in_scheduler_[static_cast<unsigned>(std::countr_zero(m))];
    pausing_state_.set(k, local);
  }
  pausing_ = pausing_state_.any();
}

void IssueStage::set_warp_cta(unsigned warp, unsigned cta_slot) {
  const unsigned n = static_cast<unsigned>(schedulers_.size());
  schedulers_[warp % n].set_warp_cta(warp / n, cta_slot);
}

void IssueStage::update_cta_age() {
  for (auto& s : schedulers_) s.set_cta_age(core_.cta_age);
}

void IssueStage::reset() {
  for (auto& s : schedulers_) s.reset();
  first_ = 0;
  trace_.clear();
}

WarpState IssueStage::classify(unsigned warp, std::uint64_t now) const {
  HwWarp& h = core_.warps[warp];
  if (h.finished) return WarpState::kExit;
  if (h.at_barrier) return WarpState::kBarrier;
  if (!h.next) {
    if (h.ibuffer.empty()) {
      return h.branch_pending && now < h.branch_resolve ? WarpState::kControl : WarpState::kFetch;
    }
    // The buffer's front is the warp's next instruction: issue flushes it whenever the warp
    // continues anywhere but there (checked by check_states).
    h.next = h.ibuffer.front().instr;
    h.next_timing = core_.timing(*h.next);
    core_.set_next_unit(warp, h.next_timing.unit);
  }
  const ptx::Instr* in = h.next;
  if (h.scoreboard.blocks(*in, h.reg_base)) return WarpState::kData;
  // Global atomics take effect when they reach the L2, not at issue. A barrier or fence must
  // order them before what follows it, so it waits until the warp's atomics are acknowledged.
  if (h.pending_atomics && (in->op == ptx::Op::Bar || in->op == ptx::Op::Membar))
    return WarpState::kData;
  const Timing& t = h.next_timing;
  if (!core_.units.available(t.unit, now)) return WarpState::kStructural;
  if (t.unit == Unit::kLdSt && !lsu_.can_accept()) return WarpState::kStructural;
  return WarpState::kReady;
}

std::uint64_t IssueStage::unit_free_warps(std::uint64_t now) const {
  std::uint64_t free = 0;
  for (unsigned u = 0; u < kNumUnits; ++u) {
    const Unit unit = static_cast<Unit>(u);
    if (!core_.units.available(unit, now)) continue;
    if (unit == Unit::kLdSt && !lsu_.can_accept()) continue;
    free |= core_.unit_mask[u];
  }
  return free;
}

unsigned IssueStage::cycle(std::uint64_t now, FetchStage::IssuePorts& issued) {
  const unsigned n = static_cast<unsigned>(schedulers_.size());
  unsigned count = 0;
  unsigned lanes = 0;  // active threads issued to the SIMD lanes, over the schedulers
  // Control waits end with time; issued warps were touched by their issue.
  const std::uint64_t recheck = (core_.recheck_mask | core_.in_state(WarpState::kControl) |
                                 core_.in_state(WarpState::kIssued)) &
                                core_.live_mask;
  core_.recheck_mask = 0;
  // The schedulers look in turn, from first_ on: where they share too few units of a kind,
  // the one that looks first takes the unit that frees.
  const unsigned first = first_;
  for (unsigned i = 0; i < n; ++i) {
    const unsigned k = first + i < n ? first + i : first + i - n;
    const std::uint64_t mine = scheduler_mask_[k];
    for (std::uint64_t m = recheck & mine; m; m &= m - 1) {
      const unsigned w = static_cast<unsigned>(std::countr_zero(m));
      core_.set_state(w, classify(w, now), now);
    }
    // A ready or unit-blocked warp nothing touched still has its instruction, operands and
    // buffer: classify() would only look at its unit again, which is what this does for all.
    const std::uint64_t waiting =
        (core_.in_state(WarpState::kReady) | core_.in_state(WarpState::kStructural)) & mine &
        ~recheck;
    if (waiting) {
      const std::uint64_t go = waiting & unit_free_warps(now);
      // Only the warps whose answer flipped change state.
      const std::uint64_t flip = (core_.in_state(WarpState::kReady) & waiting) ^ go;
      if (flip) core_.flip_unit_group(flip & go, flip & ~go, now);
    }
    if (check_states_) check_states(mine, now);
    std::uint64_t ready = 0;
    for (std::uint64_t m = core_.in_state(WarpState::kReady) & mine; m; m &= m - 1) {
      const unsigned w = static_cast<unsigned>(std::countr_zero(m));
      ready |= std::uint64_t{1} << index_in_scheduler_[w];
    }
    issued[k] = -1;
    if (large_) [[unlikely]] {
      // Large warps: the scheduler picks only when the packer takes a new instruction, and
      // the packer's sub-warp of this cycle counts as an issue too.
      SubwarpIssue& p = *packers_[k];
      const bool takes = p.pipeline_takes(now);
      const int pick = p.can_load(takes) ? select(k, ready) : -1;
      const int w = pick >= 0 ? pick * static_cast<int>(n) + static_cast<int>(k) : -1;
      if (w >= 0) {
        issue(static_cast<unsigned>(w), k, now);
        core_.set_state(static_cast<unsigned>(w), WarpState::kIssued, now);
        issued[k] = w;
        ++count;
      }
      const unsigned sent = p.cycle(now, takes, w, w >= 0 ? &large_rec_ : nullptr);
      if (sent && w < 0) ++count;
      lanes += sent;
      continue;
    }
    const int pick = select(k, ready);
    if (pick >= 0) {
      const unsigned w = static_cast<unsigned>(pick) * n + k;
      if ((shared_units_ >> static_cast<unsigned>(core_.warps[w].next_timing.unit)) & 1)
        first_ = k + 1 < n ? k + 1 : 0;
      lanes += issue(w, k, now);
      core_.set_state(w, WarpState::kIssued, now);
      issued[k] = static_cast<int>(w);
      ++count;
    }
  }
  // Every live warp is counted in its final state of the cycle: an issue may have released a
  // barrier, but that takes effect next cycle.
  for (unsigned w : released_) {
    core_.warps[w].at_barrier = false;
    core_.touch(w);
  }
  released_.clear();
  if (lanes) ++core_.stats.active_lanes[lanes];
  return count;
}

void IssueStage::check_states(std::uint64_t warps, std::uint64_t now) const {
  for (std::uint64_t m = warps & core_.live_mask; m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    const HwWarp& h = core_.warps[w];
    if (!h.finished && !h.ibuffer.empty() && h.ibuffer.front().instr != h.warp->next_instr()) {
      throw std::logic_error(fmt::format(
          "sm {} warp {} at cycle {}: the I-buffer's front is not the warp's next instruction",
          core_.id, w, now));
    }
    const WarpState fresh = classify(w, now);
    if (fresh != core_.warp_state[w]) {
      throw std::logic_error(
          fmt::format("sm {} warp {} at cycle {}: tracked state {} but the warp is {}", core_.id, w,
                      now, kWarpStateNames[static_cast<unsigned>(core_.warp_state[w])],
                      kWarpStateNames[static_cast<unsigned>(fresh)]));
    }
  }
}

unsigned IssueStage::issue(unsigned warp, unsigned scheduler, std::uint64_t now) {
  HwWarp& h = core_.warps[warp];
  // The executor's step takes long enough for the wheel slot the result will be released
  // from to arrive before it is written.
  if (h.next_timing.unit != Unit::kLdSt) core_.writeback.prefetch(now + h.next_timing.latency);
  core_.launch->clock = now;
  const ptx::StepRecord rec = core_.executor->step(*h.warp, *h.cta);
  assert(h.next == rec.instr);  // a ready warp was classified at this pc
  const Timing t = h.next_timing;
  h.next = nullptr;
  h.reg_base = h.warp->reg_base();  // a call or return moves the register window
  if (trace_on_) trace_.push_back({now, warp, rec.pc});
  ++core_.stats.warp_instructions;
  h.ibuffer.pop();
  core_.touch(warp);

  const ptx::Instr& in = *rec.instr;
  unsigned threads = 0;  // to the SIMD lanes now; a large warp's go as sub-warps (SubwarpIssue)
  if (large_) [[unlikely]] {
    // Its threads, counted once as the instruction issues (so a workload's thread instructions
    // are the same with and without large warps); its sub-warps take the unit from the next
    // cycle on (SubwarpIssue), which also holds its fetch back (barrel processing).
    core_.stats.thread_instructions += core_.executor->large_step().active_threads();
    large_rec_ = rec;
  } else {
    threads = static_cast<unsigned>(std::popcount(rec.active));
    core_.stats.thread_instructions += threads;
    // Every earlier claim was noted when made, so the unit claimed now is the only one that
    // can stay busy later than timed_until.
    if (t.unit == Unit::kLdSt) {
      core_.note_timed(core_.units.claim(Unit::kLdSt, now, lsu_.issue(warp, rec, now)));
    } else {
      core_.note_timed(core_.units.claim(t.unit, now, t.interval));
      core_.schedule_writeback(warp, in, rec.reg_base, now + t.latency);
    }
    if (barrel_) [[unlikely]] {
      // Not fetched again before the instruction leaves the pipeline; a load's answer lets it
      // go (LoadStoreUnit). Nothing else is in flight for the warp: it was fetched after the
      // last.
      h.fetch_ready = t.unit == Unit::kLdSt ? lsu_.leaves() : now + t.latency;
      if (h.fetch_ready != LoadStoreUnit::kAnswered) core_.note_timed(h.fetch_ready);
    }
  }

  if (rec.is_exit) {
    h.finished = true;
    core_.cta_may_finish = true;
    h.ibuffer.flush();
  } else if (in.cls == ptx::OpClass::Control) {
    h.branch_pending = true;
    h.branch_resolve = now + core_.config.branch_latency;
    core_.note_timed(h.branch_resolve);
    h.ibuffer.flush();
  } else if (!h.ibuffer.empty() && (h.ibuffer.front().pc != rec.next_pc ||
                                    h.ibuffer.front().function != h.warp->function())) {
    h.ibuffer.flush();  // the SIMT stack reconverged elsewhere: the prefetched entry is stale
  }
  core_.note_ibuffer(warp);
  if (rec.is_barrier || rec.is_exit) barrier_effects(warp, scheduler, rec, now);
  return threads;
}

void IssueStage::barrier_effects(unsigned warp, unsigned scheduler, const ptx::StepRecord& rec,
                                 std::uint64_t now) {
  HwWarp& h = core_.warps[warp];
  bool released = false;
  if (rec.is_exit) core_.phases.exit(h.cta_slot, warp, now);
  if (rec.is_barrier && rec.executed != 0 &&
      static_cast<ptx::BarMode>(rec.instr->sub) != ptx::BarMode::Arrive) {
    core_.barriers.arrive(scheduler, h.cta_slot);
    core_.phases.arrive(h.cta_slot, warp, now);
    if (h.warp->barrier() >= 0) {
      h.at_barrier = true;
    } else {
      released = true;  // the last arrival released the barrier at once
    }
  }
  for (unsigned w : core_.ctas[h.cta_slot].warps) {
    HwWarp& o = core_.warps[w];
    if (o.at_barrier && o.warp->barrier() < 0) {
      released_.push_back(w);  // waits out this cycle; issues from the next one
      released = true;
    }
  }
  if (released) {
    core_.barriers.release(h.cta_slot);
    core_.phases.release(h.cta_slot, now);
  }
}

}  // namespace wf::sm
