// The timing state of one hardware warp slot of an SM; the architectural state (registers,
// SIMT stack) lives in the PTX executor's Warp it points to.
#pragma once

#include <cstddef>
#include <cstdint>

#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/warp.h"
#include "sim_model/sm/function_units.h"
#include "sim_model/sm/ibuffer.h"
#include "sim_model/sm/scoreboard.h"

namespace wf::sm {

// Laid out for the host's cache: what classifying the warp reads every time it is touched
// (IssueStage::classify), what a register release or a memory answer reads (generation,
// scoreboard, pending counts), and what fetch checks of every candidate (its refill) fill the
// first cache line, and the scoreboard's counts of the first 64 registers the second; the
// I-buffer's bookkeeping and first entries share the third. The rest stays out of the host's
// cache until issue or fetch picks the warp.
struct alignas(64) HwWarp {
  // The instruction at the warp's pc and its unit, looked up once per pc: a warp waiting on a
  // unit is classified again every cycle, and only its own issue moves its pc. Set only while
  // the I-buffer holds it.
  const ptx::Instr* next = nullptr;  // null: look it up
  Timing next_timing;
  // warp->reg_base(), copied when it can change (dispatch, issue) so that classifying does not
  // reach into the executor's Warp.
  std::uint32_t reg_base = 0;
  std::uint32_t pending_atomics = 0;  // of pending_memory, global atomics performed at the L2
  bool finished = false;
  bool at_barrier = false;  // mirror of warp->barrier() >= 0, to see releases
  bool branch_pending = false;
  bool in_packer = false;            // large warps: the sub-warp packer still holds threads of it
  std::uint32_t generation = 0;      // bumped when the slot is reused, to drop stale completions
  std::uint32_t pending_memory = 0;  // loads/atomics in flight
  std::uint64_t fetch_ready = 0;     // an I-cache refill for this warp lands at this cycle
  Scoreboard scoreboard;             // its header ends line 0, its inline counts fill line 1

  ptx::Warp* warp = nullptr;  // null: the slot is free
  ptx::Cta* cta = nullptr;
  IBuffer ibuffer;
  unsigned cta_slot = 0;
  // The I-cache line that refill brings: the refill is forwarded to this warp's fetch even if
  // other misses evicted the line meanwhile (otherwise warps thrashing a small I-cache can
  // evict each other's refills forever).
  std::uint64_t refill_line = ~0ull;
  std::uint64_t branch_resolve = 0;  // fetch may not pass the branch before this cycle

  bool live() const { return warp != nullptr; }
};
static_assert(offsetof(HwWarp, fetch_ready) + sizeof(std::uint64_t) <= 48,
              "classify's and the releases' fields no longer share the first cache line");
static_assert(offsetof(HwWarp, scoreboard) == 48 && sizeof(Scoreboard) == 80,
              "the scoreboard's header no longer ends line 0 with its counts in line 1");

}  // namespace wf::sm
