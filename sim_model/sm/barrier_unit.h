// The SM's barrier bookkeeping for the timing model. The PTX executor decides functionally who
// waits and when a barrier releases (exited warps count as arrived there); this unit turns those
// events into the warp priority table's inputs (one arrival port per warp scheduler, a release
// bit per CTA slot) and clocks the table, whose counts the MWF and CFF arbiters read.
#pragma once

#include <cstdint>

#include "sim_model/blocks/warp_priority_table.h"
#include "sim_model/trace/block_recorder.h"

namespace wf::sm {

class BarrierUnit {
 public:
  explicit BarrierUnit(const blocks::WarpPriorityTableParams& p) : wpt_(p) {}

  // Scheduler `port` issued a barrier instruction that left its warp waiting (or that released
  // the barrier: the last arrival is still an arrival, the release wins in the table).
  void arrive(unsigned port, unsigned cta_slot) {
    in_.arrive_valid[port] = true;
    in_.arrive_cta[port] = static_cast<std::uint8_t>(cta_slot);
  }
  // The CTA slot's barrier released or the CTA finished.
  void release(unsigned cta_slot) { in_.release |= std::uint32_t{1} << cta_slot; }

  const blocks::WarpPriorityTable::Out& counts() const { return out_; }
  bool any_event() const {
    return in_.release != 0 || in_.arrive_valid != decltype(in_.arrive_valid){};
  }

  // End of cycle: the table latches this cycle's events. A cycle without arrival or release
  // leaves the table as it was (its contract, covered by the RTL equivalence runs), so such
  // cycles skip the clock.
  void tick() {
    if (!any_event()) return;
    if (recorder_) [[unlikely]]
      recorder_->record(in_, wpt_.eval(in_));
    wpt_.tick(in_);
    in_ = {};
    out_ = wpt_.eval(in_);
  }
  void reset() {
    wpt_.reset();
    if (recorder_) recorder_->reset();
    in_ = {};
    out_ = wpt_.eval(in_);
  }

  const blocks::WarpPriorityTable& table() const { return wpt_; }
  // Records every clock of the table (null: stop recording).
  void record_to(trace::BlockRecorder* recorder) { recorder_ = recorder; }

 private:
  blocks::WarpPriorityTable wpt_;
  blocks::WarpPriorityTable::In in_{};
  blocks::WarpPriorityTable::Out out_{};
  trace::BlockRecorder* recorder_ = nullptr;
};

}  // namespace wf::sm
