// Issue of large warps (LWM; DESIGN section 5, the paper's section 3.1): a scheduler's pick of
// a large warp executes its instruction whole (ptx/large_warp_step.cpp) and loads the
// instruction's active mask into the sub-warp packer block; from the next cycle the packer gives
// the SIMD pipeline one sub-warp (at most one thread per lane) per cycle, and the scheduler picks
// again only when the packer takes a new mask (its last sub-warp goes that cycle, or it holds
// none). Each sub-warp occupies the instruction's unit for one issue; a memory sub-warp is its
// own access with its threads' addresses. The instruction leaves the pipeline with its last
// sub-warp (done): its registers are written back then, and under barrel processing (which
// large warps require) the warp is fetched again only after that, and after its loads answer.
//
// Modes: global memory instructions take one sub-warp per non-empty row when
// [sm] lwm_memory_rows is 1 (the paper's memory divergence optimisation), an unguarded `bra`
// one sub-warp when [sm] lwm_single_jump is 1 (its unconditional control flow optimisation);
// everything else is packed (for every lane the lowest row with an active thread).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sim_model/blocks/subwarp_packer.h"
#include "sim_model/ptx/large_step_record.h"
#include "sim_model/ptx/step_record.h"
#include "sim_model/sm/block_slot.h"
#include "sim_model/sm/load_store_unit.h"
#include "sim_model/sm/sm_core.h"

namespace wf::sm {

class SubwarpIssue {
 public:
  using Packer = blocks::SubwarpPacker;
  using PackerParams = Packer::Params;
  using Slot = BlockSlot<Packer>;
  SubwarpIssue(SmCore& core, LoadStoreUnit& lsu);
  // The packer of a machine with large warps: its rows and lanes.
  static PackerParams params_for(const TimingConfig& c);

  // Whether the pipeline would take the sub-warp on offer this cycle (its unit is free).
  bool pipeline_takes(std::uint64_t now) const;
  // Whether the packer accepts a new instruction this cycle (`takes`: pipeline_takes()).
  bool can_load(bool takes) const;
  // One cycle: the pipeline takes the offered sub-warp when `takes`, and large warp `warp`'s
  // instruction, just executed (`rec` and the executor's large_step()), is loaded when
  // warp >= 0. Returns the threads of the sub-warp that went, 0 when none did.
  unsigned cycle(std::uint64_t now, bool takes, int warp, const ptx::StepRecord* rec);
  // Holds threads of an instruction (so the SM must run its issue stage every cycle).
  bool busy() const { return busy_; }

  Slot& slot() { return slot_; }

 private:
  // The instruction whose sub-warps the packer gives out.
  struct Current {
    unsigned warp = 0;
    std::uint32_t generation = 0;
    Timing timing;
    bool memory = false;  // goes to the LD/ST unit as accesses
    ptx::StepRecord rec;  // its step; mem.lanes/addr are filled per sub-warp
    unsigned lanes = 0;
    std::array<std::uint64_t, ptx::LargeStepRecord::kMaxRows> mem_lanes{};
    std::vector<std::uint64_t> addr;  // [row * lanes + lane], copied for memory instructions
    std::uint64_t leaves = 0;         // the latest a sub-warp of it leaves the pipeline
  };

  blocks::SubwarpMode mode_of(const ptx::StepRecord& rec) const;
  void load(unsigned warp, const ptx::StepRecord& rec);
  void send(const Packer::Out& out, std::uint64_t now);
  void finish(std::uint64_t now);

  SmCore& core_;
  LoadStoreUnit& lsu_;
  Slot slot_;
  bool memory_rows_, single_jump_;
  bool busy_ = false;
  Current cur_;
};

}  // namespace wf::sm
