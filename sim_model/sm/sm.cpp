#include "sim_model/sm/sm.h"

#include <algorithm>
#include <bit>
#include <utility>

#include <fmt/format.h>

namespace wf::sm {

Sm::Sm(const TimingConfig& config, std::uint32_t id, std::unique_ptr<L1DataPort> l1)
    : reference_(config.reference),
      lsu_(core_, config.machine.warp_size, std::move(l1), config.reference,
           config.barrel_processing != 0),
      core_(config, id),
      fetch_(core_),
      issue_(core_, lsu_) {
  // Reference mode never clears it: finished CTAs are looked for every cycle.
  core_.cta_may_finish = reference_;
}

void Sm::begin_launch(ptx::LaunchContext& ctx, ptx::Executor& executor) {
  core_.launch = &ctx;
  core_.executor = &executor;
}

bool Sm::can_accept(const CtaShape& s) const {
  const TimingConfig& c = core_.config;
  return resident_ < c.machine.max_ctas && used_warps_ + s.warps <= c.machine.max_warps &&
         used_threads_ + s.threads <= c.max_threads &&
         used_registers_ + s.registers <= c.registers &&
         used_shared_ + s.shared_bytes <= c.shared_memory_bytes;
}

void Sm::dispatch(std::uint32_t cta_id, const CtaShape& s, std::uint64_t now) {
  if (asleep_) wake(now);
  std::unique_ptr<ptx::Cta> cta = cta_pool_.make(*core_.launch, cta_id);
  unsigned slot = 0;
  while (core_.ctas[slot].cta) ++slot;
  CtaSlot& cs = core_.ctas[slot];
  cta->sm = core_.id;
  cs.dispatch_seq = dispatch_seq_++;
  cs.start_cycle = now;
  cs.threads = s.threads;
  cs.registers = s.registers;
  cs.shared_bytes = s.shared_bytes;
  cs.warps.clear();
  const std::size_t regs = core_.launch->kernel_fn().reg_types.size();
  unsigned hw = 0;
  for (ptx::Warp& w : cta->warps) {
    while (core_.warps[hw].live()) ++hw;
    HwWarp& h = core_.warps[hw];
    const std::uint32_t gen = h.generation + 1;
    Scoreboard scoreboard = std::move(h.scoreboard);  // keeps its storage for the new warp
    h = HwWarp{};
    h.generation = gen;
    h.scoreboard = std::move(scoreboard);
    h.warp = &w;
    h.reg_base = w.reg_base();
    h.cta = cta.get();
    h.cta_slot = slot;
    h.scoreboard.reset(regs);
    cs.warps.push_back(hw);
    core_.live_mask |= SmCore::bit(hw);
    core_.enter(hw, WarpState::kFetch, now);
    core_.touch(hw);
    core_.note_ibuffer(hw);
    issue_.set_warp_cta(hw, slot);
    fetch_.set_warp_cta(hw, slot);
  }
  const bool record = core_.config.timeline_sm == static_cast<int>(core_.id) &&
                      cs.dispatch_seq >= core_.config.timeline_first_cta &&
                      cs.dispatch_seq <= core_.config.timeline_last_cta;
  core_.phases.cta_start(slot, cs.warps, now, core_.id, cta->id,
                         static_cast<std::uint32_t>(cs.dispatch_seq), record);
  cs.cta = std::move(cta);
  ++resident_;
  live_warps_ += static_cast<std::uint32_t>(cs.warps.size());
  used_warps_ += s.warps;
  used_threads_ += s.threads;
  used_registers_ += s.registers;
  used_shared_ += s.shared_bytes;
  refresh_cta_age();
}

void Sm::refresh_cta_age() {
  // Rank = number of resident CTAs dispatched earlier: 0 is the oldest.
  core_.cta_age.fill(0);
  for (std::size_t a = 0; a < core_.ctas.size(); ++a) {
    if (!core_.ctas[a].cta) continue;
    std::uint8_t rank = 0;
    for (const auto& b : core_.ctas)
      if (b.cta && b.dispatch_seq < core_.ctas[a].dispatch_seq) ++rank;
    core_.cta_age[a] = rank;
  }
  issue_.update_cta_age();
  fetch_.update_cta_age();
  if (cta_limit_ != kNoCtaLimit) update_paused();
}

unsigned Sm::max_resident(const CtaShape& s) const {
  const TimingConfig& c = core_.config;
  unsigned n = c.machine.max_ctas;
  auto fit = [&n](std::uint64_t room, std::uint64_t need) {
    if (need) n = static_cast<unsigned>(std::min<std::uint64_t>(n, room / need));
  };
  fit(c.machine.max_warps, s.warps);
  fit(c.max_threads, s.threads);
  fit(c.registers, s.registers);
  fit(c.shared_memory_bytes, s.shared_bytes);
  return n;
}

void Sm::set_cta_limit(unsigned n) {
  if (n == cta_limit_) return;
  cta_limit_ = n;
  update_paused();
}

void Sm::update_paused() {
  std::uint64_t paused = 0;
  for (std::size_t a = 0; a < core_.ctas.size(); ++a) {
    if (!core_.ctas[a].cta || core_.cta_age[a] < cta_limit_) continue;
    for (unsigned w : core_.ctas[a].warps) paused |= SmCore::bit(w);
  }
  issue_.set_paused(paused);
}

// Out of line, like the pausing path: only DYNCTA's runs track the signals.
__attribute__((noinline)) void Sm::update_cta_signals(unsigned issued) {
  if (issued) {
    signals_ = {false, false};
    return;
  }
  const std::uint64_t working =
      core_.live_mask & ~(core_.in_state(WarpState::kExit) | core_.in_state(WarpState::kBarrier));
  const std::uint64_t data = working & core_.in_state(WarpState::kData);
  const std::uint64_t waiting = data | (working & core_.in_state(WarpState::kStructural));
  signals_.idle = (working & ~core_.in_state(WarpState::kFetch)) == 0;
  // Waiting for memory: every stalled warp has a load or atomic in flight, or cannot enter the
  // load/store unit (MSHRs or the L1 port full). A warp waiting on an ALU or SFU result alone
  // (state `data` too) or on a busy arithmetic unit makes the cycle no C_mem cycle.
  bool mem = data != 0 && waiting == working;
  for (std::uint64_t m = waiting; mem && m; m &= m - 1) {
    const HwWarp& h = core_.warps[static_cast<unsigned>(std::countr_zero(m))];
    mem = h.pending_memory != 0 ||
          (core_.warp_state[static_cast<unsigned>(std::countr_zero(m))] == WarpState::kStructural &&
           h.next_timing.unit == Unit::kLdSt);
  }
  signals_.mem = mem;
}

unsigned Sm::cycle(std::uint64_t now) {
  if (resident_ == 0) {
    if (track_signals_) [[unlikely]]
      signals_ = {true, false};
    lsu_.cycle(now);  // answers to exited warps' loads and atomics still arrive
    if (!lsu_.instruction_fills().empty() || fetch_.has_unsent()) [[unlikely]]
      exchange_instructions(now);
    if (lsu_.quiet() && !reference_) {
      asleep_ = true;  // until a memory answer or a new CTA
      sleep_from_ = now + 1;
    }
    return 0;
  }
  ++busy_cycles_;
  live_warp_cycles_ += live_warps_;
  accounted_to_ = now + 1;
  core_.writeback.retire(now, [&](const RegisterRelease& r) { core_.release(r); });
  lsu_.cycle(now);
  if (!lsu_.instruction_fills().empty() || fetch_.has_unsent()) [[unlikely]]
    exchange_instructions(now);
  if (idle_stable_ && now < idle_until_ && core_.recheck_mask == 0 && !core_.cta_may_finish &&
      lsu_.can_accept() == idle_accept_) {
    // The last cycle issued and fetched nothing, and since then no warp was touched (results
    // and loads that land touch their warp), no unit freed, no branch resolved, no refill
    // landed, and the L1 port did not open or close: issue and fetch would find what they
    // found then and do nothing again. Only the L1 moves (lookups, sends, the data path).
    if (core_.config.check_warp_states) issue_.check_all(now);
    if (core_.timed_until <= now && lsu_.quiet()) {
      asleep_ = true;
      sleep_from_ = now + 1;
    }
    return 0;
  }
  const unsigned issued = issue_.cycle(now, issued_);
  const bool fetched = fetch_.cycle(now, issued_, issued);
  if (fetch_.has_unsent()) fetch_.send(lsu_, now);
  if (core_.barriers.tick()) fetch_.update_wpt_count();
  if (core_.cta_may_finish) {
    core_.cta_may_finish = reference_;
    for (unsigned s = 0; s < core_.ctas.size(); ++s) {
      if (core_.ctas[s].cta && core_.ctas[s].cta->finished() && !memory_pending(s)) {
        finish_cta(s, now);
      }
    }
    // Every cycle in reference mode (the flag stays set), without a test of its own in the
    // normal mode's cycles.
    if (reference_) refresh_for_reference();
  }
  if (track_signals_) [[unlikely]]
    update_cta_signals(issued);
  // Reference mode never takes the shortcut this allows: cta_may_finish stays set there.
  idle_stable_ = issued == 0 && !fetched && resident_ > 0 && issue_.idle_calls_nothing();
  if (idle_stable_) {
    idle_accept_ = lsu_.can_accept();
    idle_until_ = core_.timed_until > now ? next_timed_change(now) : ~std::uint64_t{0};
  }
  // Nothing issued or fetched, nothing timed in flight: only a memory response (or a new CTA)
  // can change anything, so the warps keep their states until then.
  if (resident_ > 0 && issued == 0 && !fetched && core_.timed_until <= now && lsu_.quiet() &&
      !reference_) {
    asleep_ = true;
    sleep_from_ = now + 1;
  }
  return issued;
}

void Sm::exchange_instructions(std::uint64_t now) {
  std::vector<std::uint64_t>& fills = lsu_.instruction_fills();
  if (!fills.empty()) {
    for (std::uint64_t line_addr : fills) fetch_.fill(line_addr, now);
    fills.clear();
  }
  // A miss the port refused (its queue was full) is offered again every cycle, before the idle
  // shortcut in cycle() can skip fetch for a while. The port is not quiet while it is full, so
  // the SM does not sleep with a miss unsent.
  if (fetch_.has_unsent()) fetch_.send(lsu_, now);
}

void Sm::refresh_for_reference() {
  // Every live warp is classified from scratch next cycle: a state change whose touch() was
  // forgotten shows there. (HwWarp::next stays: SmCore::release reads it of waiting warps, and
  // check_warp_states checks it against the I-buffer.)
  core_.recheck_mask = core_.live_mask;
  core_.fetch_candidates = 0;
  for (std::uint64_t m = core_.live_mask; m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    core_.note_ibuffer(w);
    issue_.set_warp_cta(w, core_.warps[w].cta_slot);
    fetch_.set_warp_cta(w, core_.warps[w].cta_slot);
  }
  refresh_cta_age();
  // Handed over here as well as in refresh_cta_age(), so that a consumer it forgets shows too.
  issue_.update_cta_age();
  fetch_.update_cta_age();
  fetch_.update_wpt_count();
  core_.writeback.forget_next_due();
}

std::uint64_t Sm::next_timed_change(std::uint64_t now) const {
  std::uint64_t t = core_.units.next_free_after(now);
  // Branch waits end for control warps and for fetch; refills land for fetch (a policy that
  // fetches into partly full buffers too may have any live warp waiting on one).
  const std::uint64_t waiting = fetch_.fills_partly_full_buffers()
                                    ? core_.live_mask
                                    : core_.fetch_candidates | core_.in_state(WarpState::kControl);
  for (std::uint64_t m = waiting & core_.live_mask; m; m &= m - 1) {
    const HwWarp& h = core_.warps[static_cast<unsigned>(std::countr_zero(m))];
    if (h.fetch_ready > now) t = std::min(t, h.fetch_ready);
    if (h.branch_pending && h.branch_resolve > now) t = std::min(t, h.branch_resolve);
  }
  return t;
}

bool Sm::memory_pending(unsigned slot) const {
  for (unsigned w : core_.ctas[slot].warps)
    if (core_.warps[w].pending_memory) return true;
  return false;
}

void Sm::wake(std::uint64_t now) {
  if (!asleep_) return;
  asleep_ = false;
  idle_stable_ = false;
  if (now <= sleep_from_) return;
  if (resident_ == 0) return;  // an empty SM's idle cycles are neither busy nor skipped work
  accounted_to_ = now;
  const std::uint64_t skipped = now - sleep_from_;
  core_.stats.skipped_cycles += skipped;
  busy_cycles_ += skipped;
  live_warp_cycles_ += skipped * live_warps_;
  // The warps kept their states while the SM slept; core_.account() adds those cycles.
}

void Sm::finish_cta(unsigned slot, std::uint64_t now) {
  CtaSlot& cs = core_.ctas[slot];
  finished_.push_back({cs.cta->id, core_.id, cs.start_cycle, now + 1});
  for (unsigned w : cs.warps) {
    HwWarp& h = core_.warps[w];
    core_.leave(w, now + 1);
    const std::uint64_t gone = ~SmCore::bit(w);
    core_.live_mask &= gone;
    core_.recheck_mask &= gone;
    core_.fetch_candidates &= gone;
    h.warp = nullptr;
    h.cta = nullptr;
    ++h.generation;
  }
  core_.barriers.release(slot);
  core_.phases.cta_end(slot, now + 1);
  --resident_;
  live_warps_ -= static_cast<std::uint32_t>(cs.warps.size());
  used_warps_ -= static_cast<std::uint32_t>(cs.warps.size());
  used_threads_ -= cs.threads;
  used_registers_ -= cs.registers;
  used_shared_ -= cs.shared_bytes;
  cta_pool_.recycle(std::move(cs.cta));  // its warps' last memory answers have all arrived
  cs.warps.clear();
  ++core_.stats.ctas;
  refresh_cta_age();
}

const SmStats& Sm::stats() {
  core_.stats.busy_cycles += std::exchange(busy_cycles_, 0);
  core_.stats.live_warp_cycles += std::exchange(live_warp_cycles_, 0);
  for (std::uint64_t m = core_.live_mask; m; m &= m - 1)
    core_.account(static_cast<unsigned>(std::countr_zero(m)), accounted_to_);
  // Every held-back cycle was a cycle of a warp in state ready, accounted above.
  const std::uint64_t held = issue_.paused_held_warp_cycles() - paused_moved_;
  core_.stats.states[static_cast<unsigned>(WarpState::kReady)] -= held;
  core_.stats.states[static_cast<unsigned>(WarpState::kPaused)] += held;
  paused_moved_ += held;
  return core_.stats;
}

std::vector<CtaRecord> Sm::take_finished() {
  std::vector<CtaRecord> out;
  out.swap(finished_);
  return out;
}

void Sm::observe_pcs(std::vector<ptx::PcRange>& spin) const {
  spin.resize(core_.warps.size());
  for (unsigned w = 0; w < core_.warps.size(); ++w) {
    const HwWarp& h = core_.warps[w];
    // A warp waiting at a barrier has run nothing since it arrived.
    if (h.live() && !h.warp->finished() && h.warp->barrier() < 0) spin[w].add(h.warp->pc());
  }
}

std::string Sm::dump_warps(const std::vector<ptx::PcRange>& spin) const {
  std::string out;
  for (unsigned w = 0; w < core_.warps.size(); ++w) {
    const HwWarp& h = core_.warps[w];
    if (!h.live()) continue;
    std::string where = "done";
    if (!h.warp->finished()) {
      const ptx::Function& f = core_.launch->module->functions[h.warp->function()];
      const std::uint32_t pc = h.warp->pc();
      where = fmt::format("pc {} ({})", pc, pc < f.text.size() ? f.text[pc] : "?");
    }
    out += fmt::format(
        "  sm {} warp {:2} cta {} warp {:2} of cta: {:<10} {}, barrier {}, "
        "pending memory {}{}\n",
        core_.id, w, h.cta->id, h.warp->warp_in_cta(),
        kWarpStateNames[static_cast<unsigned>(core_.warp_state[w])], where, h.warp->barrier(),
        h.pending_memory, w < spin.size() ? spin[w].dump_suffix() : "");
  }
  return out;
}

}  // namespace wf::sm
