// The state one SM's stages share: warp slots, resident CTAs, the function units, the barrier
// unit and the writeback queue. The stages (fetch, issue, load/store) each own their logic and
// read or update this; Sm drives them in pipeline order every cycle.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/sm/barrier_unit.h"
#include "sim_model/sm/function_units.h"
#include "sim_model/sm/hw_warp.h"
#include "sim_model/sm/sm_stats.h"
#include "sim_model/sm/timing_config.h"
#include "sim_model/sm/warp_phases.h"
#include "sim_model/sm/warp_state.h"
#include "sim_model/sm/writeback_queue.h"

namespace wf::sm {

struct CtaSlot {
  std::unique_ptr<ptx::Cta> cta;   // null: free
  std::uint64_t dispatch_seq = 0;  // for GTO age
  std::uint64_t start_cycle = 0;
  std::uint32_t threads = 0, registers = 0, shared_bytes = 0;
  std::vector<unsigned> warps;  // hardware warp slots
};

struct SmCore {
  SmCore(const TimingConfig& c, std::uint32_t sm_id)
      : config(c),
        id(sm_id),
        warps(c.machine.max_warps),
        ctas(c.machine.max_ctas),
        units(c),
        barriers(c.machine),
        writeback(c.longest_fixed_latency()),
        phases(c.machine.max_ctas, stats.phases),
        timing(c) {}

  const TimingConfig& config;
  std::uint32_t id;
  std::vector<HwWarp> warps;
  std::vector<CtaSlot> ctas;
  std::array<std::uint8_t, 32> cta_age{};  // dispatch rank of each resident CTA slot, 0 = oldest
  FunctionUnits units;
  BarrierUnit barriers;
  WritebackQueue writeback;
  WarpPhases phases;
  ptx::Executor* executor = nullptr;
  ptx::LaunchContext* launch = nullptr;
  SmStats stats;
  std::uint64_t timed_until = 0;  // nothing timed (ALU results, refills, branches) lands later

  // Incremental warp bookkeeping, so a cycle costs what changes in it rather than a scan of
  // every warp (one bit per hardware warp slot; the blocks' 64-warp limit bounds the SM).
  std::uint64_t live_mask = 0;
  // Warps whose state must be worked out again: something they depend on changed (an issue, a
  // fetch, a register or memory answer, a barrier release). Warps that are ready or waiting on a
  // unit and were not touched can only change with the units (IssueStage); the rest keep last
  // cycle's state.
  std::uint64_t recheck_mask = 0;
  // A warp exited or a load came back since the SM last looked for finished CTAs.
  bool cta_may_finish = false;
  // Live, not finished, I-buffer empty: the candidates for fetch.
  std::uint64_t fetch_candidates = 0;
  // Each live warp's state, and per state its warps (one bit per slot, each live warp in
  // exactly one mask): the schedulers' ready sets are bit operations on a few words instead of
  // a walk over the warp slots.
  std::array<WarpState, 64> warp_state{};
  std::array<std::uint64_t, kNumWarpStates> state_mask{};
  // Warps whose next instruction (HwWarp::next, when set) goes to each unit.
  std::array<std::uint64_t, kNumUnits> unit_mask{};
  // Read once per classified instruction, it should not move the fields above across the
  // host's cache lines.
  TimingTable timing;
  // Last: written only when a warp changes state, it should not sit between the masks above
  // and the timing table, which every SM-cycle reads.
  // Warp-cycles per state are added when a warp leaves a state (its time there is known then),
  // not every cycle for every state: the first cycle of each warp's current state not yet in
  // stats.states.
  std::array<std::uint64_t, 64> state_since{};

  void touch(unsigned warp) { recheck_mask |= bit(warp); }
  static std::uint64_t bit(unsigned warp) { return std::uint64_t{1} << warp; }
  std::uint64_t in_state(WarpState s) const { return state_mask[static_cast<unsigned>(s)]; }
  // The warp's state for cycle `now` (and on, until the next change) is `s`.
  void set_state(unsigned warp, WarpState s, std::uint64_t now) {
    const WarpState old = warp_state[warp];
    if (old == s) return;
    account(warp, now);
    state_mask[static_cast<unsigned>(old)] &= ~bit(warp);
    state_mask[static_cast<unsigned>(s)] |= bit(warp);
    warp_state[warp] = s;
  }
  // The warps of `to_ready` turn from structural to ready and those of `to_structural` back, as
  // their units free and fill (IssueStage: many warps at a time, often every few cycles). The
  // same as set_state for each, with the masks updated once and each state's cycles summed.
  void flip_unit_group(std::uint64_t to_ready, std::uint64_t to_structural, std::uint64_t now) {
    auto& ready = state_mask[static_cast<unsigned>(WarpState::kReady)];
    auto& structural = state_mask[static_cast<unsigned>(WarpState::kStructural)];
    ready = (ready & ~to_structural) | to_ready;
    structural = (structural & ~to_ready) | to_structural;
    std::uint64_t was_structural = 0, was_ready = 0;
    for (std::uint64_t m = to_ready; m; m &= m - 1) {
      const unsigned w = static_cast<unsigned>(std::countr_zero(m));
      was_structural += now - state_since[w];
      state_since[w] = now;
      warp_state[w] = WarpState::kReady;
    }
    for (std::uint64_t m = to_structural; m; m &= m - 1) {
      const unsigned w = static_cast<unsigned>(std::countr_zero(m));
      was_ready += now - state_since[w];
      state_since[w] = now;
      warp_state[w] = WarpState::kStructural;
    }
    stats.states[static_cast<unsigned>(WarpState::kStructural)] += was_structural;
    stats.states[static_cast<unsigned>(WarpState::kReady)] += was_ready;
  }
  // Adds the warp's cycles in its current state before `until` to the stats.
  void account(unsigned warp, std::uint64_t until) {
    stats.states[static_cast<unsigned>(warp_state[warp])] += until - state_since[warp];
    state_since[warp] = until;
  }
  // A warp slot joins the live set in state `s` at cycle `now`, or leaves it before `until`.
  void enter(unsigned warp, WarpState s, std::uint64_t now) {
    warp_state[warp] = s;
    state_since[warp] = now;
    state_mask[static_cast<unsigned>(s)] |= bit(warp);
  }
  void leave(unsigned warp, std::uint64_t until) {
    account(warp, until);
    state_mask[static_cast<unsigned>(warp_state[warp])] &= ~bit(warp);
  }
  void set_next_unit(unsigned warp, Unit u) {
    for (auto& m : unit_mask) m &= ~bit(warp);
    unit_mask[static_cast<unsigned>(u)] |= bit(warp);
  }
  // Keeps fetch_candidates in step after the warp's I-buffer or `finished` changed.
  void note_ibuffer(unsigned warp) {
    const HwWarp& h = warps[warp];
    if (h.live() && !h.finished && h.ibuffer.empty()) {
      fetch_candidates |= bit(warp);
    } else {
      fetch_candidates &= ~bit(warp);
    }
  }

  void note_timed(std::uint64_t cycle) {
    if (cycle > timed_until) timed_until = cycle;
  }
  // Schedules the release of `in`'s destination registers at `cycle`.
  void schedule_writeback(unsigned warp, const ptx::Instr& in, std::uint32_t reg_base,
                          std::uint64_t cycle) {
    if (in.nwrites == 0) return;
    HwWarp& h = warps[warp];
    RegisterRelease& r = writeback.add(cycle);
    r.warp = static_cast<std::uint8_t>(warp);
    r.generation = h.generation;
    unsigned count = 0;
    for (unsigned i = 0; i < in.nwrites && count < r.regs.size(); ++i) {
      r.regs[count++] = reg_base + in.writes[i];
      h.scoreboard.reserve(reg_base + in.writes[i]);
    }
    r.count = static_cast<std::uint8_t>(count);
    note_timed(cycle);
  }
  void release(const RegisterRelease& r) {
    HwWarp& h = warps[r.warp];
    if (h.generation != r.generation) return;
    for (unsigned i = 0; i < r.count; ++i) h.scoreboard.release(r.regs[i]);
    // Freed registers can change the state of a warp only if it waits on operands (kData),
    // and only once none of its next instruction's registers is pending: a ready or
    // unit-blocked warp's next instruction found none pending (only its own issue reserves
    // more), and the fetch, control, barrier and exit states do not look at the scoreboard.
    // Any other warp would be classified as it is, so it is not touched, and the SM may stay
    // idle. kData implies `next` is set.
    if (warp_state[r.warp] != WarpState::kData || h.scoreboard.blocks(*h.next, h.reg_base)) return;
    touch(r.warp);
  }
};

}  // namespace wf::sm
