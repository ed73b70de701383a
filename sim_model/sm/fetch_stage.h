// Fetch: one warp per cycle, chosen by the fetch arbiter block of the policy: CffFetchArbiter
// (lrr, and cff in the mode the issue policy pairs with), TwoLevelArbiter (2lev) or
// FefFetchArbiter (fef). Eligible are the warps that wait on no I-cache refill and no
// unresolved branch and whose I-buffer is empty; for fef, whose I-buffer has a free entry and
// does not end in a control instruction (with empty-only eligibility every candidate would
// have zero entries and "fewest first" would mean nothing). A hit fills the free entries with
// consecutive instructions, stopping after a control instruction: the warp cannot fetch past a
// branch it has not resolved.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include <variant>

#include "sim_model/blocks/cff_fetch_arbiter.h"
#include "sim_model/blocks/fef_fetch_arbiter.h"
#include "sim_model/blocks/two_level_arbiter.h"
#include "sim_model/sm/block_slot.h"
#include "sim_model/sm/external_blocks.h"
#include "sim_model/sm/instruction_cache.h"
#include "sim_model/sm/sm_core.h"

namespace wf::trace {
class BlockTraceSet;
}  // namespace wf::trace

namespace wf::sm {

class FetchStage {
 public:
  using IssuePorts = std::array<int, blocks::CffFetchArbiter::kMaxPorts>;  // warp or -1

  explicit FetchStage(SmCore& core);

  // `issued[k]`: the warp scheduler k issued this cycle (fed to the arbiter's issue ports);
  // `issues`: how many did (the issue stage counted them). Returns whether a warp was granted.
  bool cycle(std::uint64_t now, const IssuePorts& issued, unsigned issues);
  void set_warp_cta(unsigned warp, unsigned cta_slot) {
    in_.warp_cta[warp] = static_cast<std::uint8_t>(cta_slot);
  }
  // The CTA ages and the warp priority table's counts change only at dispatch, finish and
  // barrier events, so the arbiter's inputs are copied then (Sm calls these), not read every
  // cycle: the counts' cache line is otherwise cold by the time fetch runs.
  void update_cta_age() { in_.cta_age = core_.cta_age; }
  void update_wpt_count() { in_.wpt_count = core_.barriers.counts().count; }
  void reset() {
    std::visit([](auto& slot) { slot.reset(); }, arbiter_);
  }
  // Records every call of the fetch arbiter into `set` as `instance` (block_hooks.cpp).
  void record_blocks(trace::BlockTraceSet& set, const std::string& instance);
  // Hands the arbiter to its stand-in, if `external` has one: returns its block name then
  // (block_hooks.cpp).
  const char* use_external(const ExternalBlocks& external);
  const InstructionCache& icache() const { return icache_; }

 private:
  std::uint64_t empty_buffer_candidates(std::uint64_t now) const;
  std::uint64_t free_entry_candidates(std::uint64_t now) const;
  int grant_cff(BlockSlot<blocks::CffFetchArbiter>& a, std::uint64_t eligible,
                const IssuePorts& issued, unsigned issues);
  void fetch(unsigned warp, std::uint64_t now);

  SmCore& core_;
  std::variant<BlockSlot<blocks::CffFetchArbiter>, BlockSlot<blocks::FefFetchArbiter>,
               BlockSlot<blocks::TwoLevelArbiter>>
      arbiter_;
  blocks::CffFetchArbiter::In in_{};
  InstructionCache icache_;
};

}  // namespace wf::sm
