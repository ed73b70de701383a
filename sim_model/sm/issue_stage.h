// Issue: each warp scheduler picks one warp per cycle with its arbiter block among the warps
// whose I-buffer head can go (operands ready on the scoreboard, unit free), and the instruction
// executes functionally at that moment through the PTX executor; its timing (unit occupancy,
// result latency, barrier waits) is accounted here. Every live warp leaves this stage with its
// state for the cycle.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim_model/sm/cta_pausing.h"
#include "sim_model/sm/fetch_stage.h"
#include "sim_model/sm/load_store_unit.h"
#include "sim_model/sm/sm_core.h"
#include "sim_model/sm/subwarp_issue.h"
#include "sim_model/sm/warp_scheduler.h"

namespace wf::sm {

// One issued instruction, for tests and traces.
struct IssueEvent {
  std::uint64_t cycle;
  unsigned warp;  // hardware warp slot
  std::uint32_t pc;
};

class IssueStage {
 public:
  IssueStage(SmCore& core, LoadStoreUnit& lsu);

  // Returns how many warps issued; `issued[k]` is scheduler k's warp or -1.
  unsigned cycle(std::uint64_t now, FetchStage::IssuePorts& issued);
  void set_warp_cta(unsigned warp, unsigned cta_slot);
  // A cycle without ready warps calls no block: no arbiter is called without one, and no
  // sub-warp packer holds threads.
  bool idle_calls_nothing() const {
    if (calls_without_ready_ != 0) return false;
    for (const auto& p : packers_)
      if (p->busy()) return false;
    return true;
  }
  // TimingConfig::check_warp_states for a cycle the SM did not run this stage in.
  void check_all(std::uint64_t now) const { check_states(core_.live_mask, now); }
  void update_cta_age();
  // DYNCTA: the SM's warps (bit w) of paused CTAs; 0 when none is paused.
  void set_paused(std::uint64_t warps);
  std::uint64_t paused_held_warp_cycles() const { return pausing_state_.held_warp_cycles(); }
  void reset();
  // Records every call of each scheduler's arbiter into `set` (block_hooks.cpp).
  void record_blocks(trace::BlockTraceSet& set, const std::string& prefix);
  void use_external(const ExternalBlocks& external);

  // Off by default: tests switch it on to read the issue order.
  void record_trace(bool on) { trace_on_ = on; }
  const std::vector<IssueEvent>& trace() const { return trace_; }

 private:
  WarpState classify(unsigned warp, std::uint64_t now) const;
  // The warps whose next instruction's unit (and, for LD/ST, the L1) could take it now.
  std::uint64_t unit_free_warps(std::uint64_t now) const;
  // Classifies the live warps of `warps` afresh and throws if the incrementally tracked state
  // differs (TimingConfig::check_warp_states; tests turn it on).
  void check_states(std::uint64_t warps, std::uint64_t now) const;
  // Returns the active threads it sent to the SIMD lanes (0 for a large warp's instruction,
  // whose sub-warps SubwarpIssue sends).
  unsigned issue(unsigned warp, unsigned scheduler, std::uint64_t now);
  // Scheduler k's pick among `ready` (its warps' indices), or -1.
  int select(unsigned k, std::uint64_t ready);
  int select_pausing(unsigned k, std::uint64_t ready);  // select() while a CTA is paused
  void barrier_effects(unsigned warp, unsigned scheduler, const ptx::StepRecord& rec,
                       std::uint64_t now);

  SmCore& core_;
  LoadStoreUnit& lsu_;
  bool check_states_;
  const bool barrel_;  // TimingConfig::barrel_processing
  const bool large_;   // TimingConfig::large_warp_size != 0: packers_ issue sub-warps
  bool trace_on_ = false;
  bool pausing_ = false;  // some CTA is paused (pausing_state_); read every scheduler-cycle
  // Inline rather than on the heap, like the fields above: every SM-cycle reads them, and
  // each separate allocation would be one more host cache line to miss.
  std::array<std::uint64_t, 4> scheduler_mask_{};  // scheduler k's warps: w with w % n == k
  // Bit k: scheduler k's arbiter is called even with no warp ready. Most cycles of most
  // schedulers have none ready, and this answers them without touching the scheduler.
  std::uint32_t calls_without_ready_ = 0;
  std::vector<WarpScheduler> schedulers_;
  // Schedulers share the SM's units. Of a kind with fewer units than schedulers (bit u of
  // shared_units_: on gtx480 the SFU and the LD/ST unit), the scheduler that looks first in a
  // cycle takes the unit that frees. A round robin over the grants of those kinds decides who
  // looks first: first_ moves past each scheduler that claims one. With a fixed order,
  // scheduler 0's memory instructions kept scheduler 1's waiting for as long as it had any (a
  // CTA's odd warps started up to 1.5 M cycles after its even ones in a memory-bound kernel).
  // GPGPU-Sim 4.0 rotates its order every cycle instead, which a unit that frees every even
  // number of cycles (a 32-line load, the SFU's interval of 4) still always gives to one side.
  std::uint32_t shared_units_ = 0;
  unsigned first_ = 0;
  std::array<std::uint8_t, 64> index_in_scheduler_{};  // w / n, without a division per warp
  std::vector<unsigned> released_;                     // warps a barrier released this cycle
  std::vector<IssueEvent> trace_;
  // Large warps: each scheduler's sub-warp packer, and the step of the warp it issued last.
  std::vector<std::unique_ptr<SubwarpIssue>> packers_;
  ptx::StepRecord large_rec_;
  CtaPausing pausing_state_;
};

}  // namespace wf::sm
