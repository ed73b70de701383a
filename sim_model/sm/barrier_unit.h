// The SM's barrier bookkeeping for the timing model. The PTX executor decides functionally who
// waits and when a barrier releases (exited warps count as arrived there); this unit turns those
// events into the warp priority table's inputs (one arrival port per warp scheduler, a release
// bit per CTA slot) and clocks the table, whose counts the MWF and CFF arbiters read.
#pragma once

#include <cstdint>
#include <tuple>

#include "sim_model/blocks/warp_priority_table.h"
#include "sim_model/sm/block_slot.h"
#include "sim_model/sm/external_blocks.h"

namespace wf::sm {

class BarrierUnit {
 public:
  // The blocks every SM holds whatever its policies (policies::sm_core_blocks).
  using Blocks = std::tuple<blocks::WarpPriorityTable>;

  explicit BarrierUnit(const Machine& m)
      : wpt_(blocks::WarpPriorityTableParams::for_machine(m).front()) {}

  // Scheduler `port` issued a barrier instruction that left its warp waiting (or that released
  // the barrier: the last arrival is still an arrival, the release wins in the table).
  void arrive(unsigned port, unsigned cta_slot) {
    in_.arrive_valid[port] = true;
    in_.arrive_cta[port] = static_cast<std::uint8_t>(cta_slot);
    any_event_ = true;
  }
  // The CTA slot's barrier released or the CTA finished.
  void release(unsigned cta_slot) {
    in_.release |= std::uint32_t{1} << cta_slot;
    any_event_ = true;
  }

  const blocks::WarpPriorityTable::Out& counts() const { return out_; }
  bool any_event() const { return any_event_; }

  // End of cycle: the table latches this cycle's events. A cycle without arrival or release
  // leaves the table as it was (its contract, covered by the RTL equivalence runs), so such
  // cycles skip the clock. Returns whether the table was clocked (its counts may have changed).
  bool tick() {
    if (!any_event()) return false;
    wpt_.step(in_);
    in_ = {};
    any_event_ = false;
    out_ = wpt_.eval(in_);
    return true;
  }
  void reset() {
    wpt_.reset();
    in_ = {};
    any_event_ = false;
    out_ = wpt_.eval(in_);
  }

  const blocks::WarpPriorityTable::Params& params() const { return wpt_.params(); }
  // Records every clock of the table (null: stop recording).
  void record_to(trace::BlockRecorder* recorder) { wpt_.record_to(recorder); }
  // Hands the table to its stand-in, if `external` has one (returns its block name then);
  // the counts are read afresh.
  const char* use_external(const ExternalBlocks& external) {
    const char* name = external.attach(wpt_);
    out_ = wpt_.eval(in_);
    return name;
  }

 private:
  BlockSlot<blocks::WarpPriorityTable> wpt_;
  blocks::WarpPriorityTable::In in_{};
  bool any_event_ = false;  // in_ holds an arrival or a release
  blocks::WarpPriorityTable::Out out_{};
};

}  // namespace wf::sm
