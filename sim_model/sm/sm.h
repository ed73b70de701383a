// One streaming multiprocessor, cycle by cycle: writeback, load/store exchange with the L1,
// issue (per scheduler), fetch, barrier table clock, CTA completion, in that order. CTAs come
// from the GPU's dispatcher within the SM's occupancy limits (CTA slots, warps, threads,
// registers, shared memory). When nothing can happen until memory answers, the SM sleeps and
// costs nothing; the cycles it slept are still accounted, warp by warp, when it wakes. When
// issue and fetch would find nothing new (no warp touched, nothing timed due, the L1 port
// unchanged), a cycle runs only the L1 exchange. In reference mode (TimingConfig::reference)
// it does neither, and refreshes every cycle what the stages otherwise learn by notification
// (docs/cycle-model.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim_model/mem/memory_system.h"
#include "sim_model/ptx/cta_pool.h"
#include "sim_model/ptx/pc_range.h"
#include "sim_model/sm/fetch_stage.h"
#include "sim_model/sm/issue_stage.h"
#include "sim_model/sm/load_store_unit.h"
#include "sim_model/sm/sm_core.h"

namespace wf::sm {

// What one CTA of the current kernel asks of an SM.
struct CtaShape {
  std::uint32_t threads = 0, warps = 0, registers = 0, shared_bytes = 0;
};

struct CtaRecord {
  std::uint32_t cta = 0;  // linear CTA id in the grid
  std::uint32_t sm = 0;
  std::uint64_t start = 0, end = 0;  // dispatch cycle, cycle after its last warp exited
};

class alignas(64) Sm {
 public:
  Sm(const TimingConfig& config, std::uint32_t id, std::unique_ptr<L1DataPort> l1);

  std::uint32_t id() const { return core_.id; }
  void begin_launch(ptx::LaunchContext& ctx, ptx::Executor& executor);
  bool can_accept(const CtaShape& shape) const;
  // Starts CTA `cta_id` of the current launch here (can_accept(shape) must hold).
  void dispatch(std::uint32_t cta_id, const CtaShape& shape, std::uint64_t now);

  // Runs one cycle; returns the number of instructions issued.
  unsigned cycle(std::uint64_t now);
  // Asks the host to bring in the lines every cycle() starts with (a hint; no effect on the
  // SM). The GPU calls it for the next SM while this one runs: by then the other SMs have
  // evicted them. Only addresses known from `this`: a hint that had to load a pointer first
  // would wait for that line itself.
  void prefetch() const {
    // Each line from the object's start to the one core_ starts on: the fields ahead of core_
    // and the load/store unit (three lines as laid out now), following the layout if it
    // changes. The bound is a constant once inlined; GCC unrolls the loop fully in this
    // pointer form (not with an index).
    constexpr std::ptrdiff_t kLine = 64;
    static_assert(alignof(Sm) == kLine, "the lines start at this");
    const char* const core = reinterpret_cast<const char*>(&core_);
    for (const char* line = reinterpret_cast<const char*>(this); line < core; line += kLine)
      __builtin_prefetch(line);
    __builtin_prefetch(&core_.timed_until);  // with the live, recheck and fetch masks
    __builtin_prefetch(&core_.state_mask);
    __builtin_prefetch(&core_.writeback);  // its next due cycle
  }
  bool asleep() const { return asleep_; }
  // Accounts the cycles slept through [sleep_from, now) and resumes cycling.
  void wake(std::uint64_t now);
  bool empty() const { return resident_ == 0; }
  // CTAs resident now (what a dispatch policy's per-SM limit counts).
  unsigned resident_ctas() const { return resident_; }
  // How many CTAs of `shape` fit this SM when it is empty (its occupancy limit for the launch).
  unsigned max_resident(const CtaShape& shape) const;

  // DYNCTA (sim_model/sm/policies/dispatch/dyncta.h). The CTA limit n: the resident CTAs
  // beyond the n oldest are paused (most recently dispatched first; sim_model/sm/cta_pausing.h).
  // kNoCtaLimit: none paused.
  static constexpr unsigned kNoCtaLimit = ~0u;
  void set_cta_limit(unsigned n);
  // What DYNCTA's controller counts, for the cycle run last (and the cycles slept or skipped
  // after it, in which no warp changes state): C_idle, no warp to issue and the pipeline not
  // stalled (every live warp has exited, waits at a barrier or has an empty I-buffer, or no
  // CTA is resident); C_mem, every warp waits for its data from memory (each live warp that has
  // not exited or reached a barrier is in state `data` or `structural` with a load or atomic in
  // flight or waiting for the load/store unit, at least one in `data`). Tracked only after
  // track_cta_signals().
  struct CtaSignals {
    bool idle = true, mem = false;
  };
  void track_cta_signals() { track_signals_ = true; }
  CtaSignals cta_signals() const { return signals_; }
  // Warp-cycles in which a ready warp of a paused CTA was held back.
  std::uint64_t paused_warp_cycles() const { return issue_.paused_held_warp_cycles(); }
  // The L1 has nothing left to send or finish by itself (it may still await replies).
  bool l1_quiet() const { return lsu_.quiet(); }
  // Hook of the memory system's atomics unit (see LoadStoreUnit::atomic_arrived).
  void atomic_arrived(std::uint64_t request_id, std::uint64_t line) {
    lsu_.atomic_arrived(request_id, line);
  }

  // CTAs that finished since the last call.
  std::vector<CtaRecord> take_finished();
  bool has_finished() const { return !finished_.empty(); }
  // Folds the live warps' time in their current states (through the last cycle run or slept
  // and woken from) into the stats first.
  const SmStats& stats();
  const std::vector<WarpPhaseSlice>& timeline() const { return core_.phases.slices(); }
  const L1Stats& l1_stats() const { return lsu_.l1().stats(); }
  // One line per live warp: state, pc, barrier, pending memory (the deadlock report), and,
  // where `spin` (indexed by warp slot) has one, the PCs the warp ran while watched (livelock).
  std::string dump_warps(const std::vector<ptx::PcRange>& spin = {}) const;
  // Adds each live warp's current PC (none while it waits at a barrier) to spin[slot], sized
  // to the warp slots: the livelock monitor's record of where warps spin.
  void observe_pcs(std::vector<ptx::PcRange>& spin) const;

  IssueStage& issue_stage() { return issue_; }
  // Records every call of the SM's blocks (issue arbiters, fetch arbiter, warp priority
  // table) into `set`, one trace per instance named sm<id>_<role> (block_hooks.cpp).
  void record_blocks(trace::BlockTraceSet& set);
  // Replaces the golden model of the blocks `external` has a stand-in for (sim --rtl).
  void use_external(const ExternalBlocks& external);

 private:
  void finish_cta(unsigned slot, std::uint64_t now);
  void refresh_cta_age();
  void update_paused();
  void update_cta_signals(unsigned issued);
  // Reference mode, at the end of every cycle: works out afresh, for the next cycle, what the
  // stages otherwise keep incrementally (warps to classify, fetch candidates, CTA slots and
  // ages, the warp priority table's counts, the writeback wheel's next due cycle).
  void refresh_for_reference();
  // [l1i] from_memory: hands the instruction lines the port returned to fetch, and offers it
  // the misses it could not take before.
  void exchange_instructions(std::uint64_t now);
  // The first cycle after `now` at which time alone changes what issue or fetch would see:
  // a unit frees, a branch resolves, an I-cache refill lands (~0: none pending).
  std::uint64_t next_timed_change(std::uint64_t now) const;
  // A warp of the CTA still waits for a load or atomic: the CTA (and its registers, which a
  // deferred atomic writes when the L2 performs it) stays until the answer.
  bool memory_pending(unsigned slot) const;

  // First, on the object's first host cache lines (the class is aligned to them), what every
  // cycle reads or counts, and the load/store unit every cycle ticks: the GPU runs fifteen
  // SMs and the memory system between two cycles of this one, so each further line is a miss.
  unsigned resident_ = 0;
  std::uint32_t live_warps_ = 0;
  bool asleep_ = false;
  // The last full cycle issued and fetched nothing (Sm::cycle may skip the issue and fetch
  // stages until something changes), and whether the L1 took accesses then.
  bool idle_stable_ = false;
  bool idle_accept_ = false;
  // TimingConfig::reference: read only where the SM decides to sleep or skip, and where the
  // end of a cycle looks for finished CTAs (a branch the normal mode rarely takes).
  bool reference_;
  bool track_signals_ = false;    // track_cta_signals(): in the padding before idle_until_
  std::uint64_t idle_until_ = 0;  // ... until this cycle, when time alone changes a warp
  std::uint64_t sleep_from_ = 0;
  std::uint64_t accounted_to_ = 0;  // the first cycle not yet run (or slept and woken from)
  // Not yet in core_.stats (stats() adds them): counted here, beside the fields above.
  std::uint64_t busy_cycles_ = 0, live_warp_cycles_ = 0;
  std::uint64_t paused_moved_ = 0;  // paused warp-cycles stats() moved from ready to paused
  std::vector<CtaRecord> finished_;
  FetchStage::IssuePorts issued_{};
  LoadStoreUnit lsu_;
  SmCore core_;
  FetchStage fetch_;
  IssueStage issue_;
  std::uint32_t used_threads_ = 0, used_warps_ = 0, used_registers_ = 0, used_shared_ = 0;
  std::uint64_t dispatch_seq_ = 0;
  unsigned cta_limit_ = kNoCtaLimit;
  CtaSignals signals_;
  ptx::CtaPool cta_pool_;  // this SM's finished CTAs, restarted for the next dispatches
};

}  // namespace wf::sm
