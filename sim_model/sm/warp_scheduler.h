// One warp scheduler: the issue arbiter block of the chosen policy, called with In built from
// its warps' ready bits, CTA slots, CTA ages and the warp priority table's counts. The
// scheduler owns warps k, k+N, k+2N, ... of the SM (N schedulers); its arbiter sees them as
// local warps 0, 1, 2, ...
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <variant>

#include "sim_model/blocks/gto_arbiter.h"
#include "sim_model/blocks/lrr_arbiter.h"
#include "sim_model/blocks/mwf_arbiter.h"
#include "sim_model/blocks/saws_arbiter.h"
#include "sim_model/blocks/two_level_arbiter.h"
#include "sim_model/sm/block_slot.h"
#include "sim_model/sm/external_blocks.h"
#include "sim_model/sm/policy.h"
#include "sim_model/sm/timing_config.h"

namespace wf::trace {
class BlockTraceSet;
}  // namespace wf::trace

namespace wf::sm {

class WarpScheduler {
 public:
  static constexpr unsigned kMaxWarps = 64;
  static constexpr unsigned kMaxCtas = 32;

  WarpScheduler(const TimingConfig& c, IssuePolicy policy);

  void set_warp_cta(unsigned local_warp, unsigned cta_slot) {
    warp_cta_[local_warp] = static_cast<std::uint8_t>(cta_slot);
  }
  void set_cta_age(const std::array<std::uint8_t, kMaxCtas>& age) { cta_age_ = age; }

  // Picks among `ready` (bit = local warp) and clocks the arbiter. -1 when nothing is ready.
  // Inline: most calls have nothing ready and end at the first test.
  int select(std::uint64_t ready, const std::array<std::uint8_t, kMaxCtas>& wpt_count) {
    if (ready == 0 && !calls_block_without_ready_) return -1;
    return call_block(ready, wpt_count);
  }
  // Whether select() calls the arbiter block even with nothing ready: SAWS must see every
  // change of the counts (its first-hit order follows them); the others keep their state.
  bool calls_block_without_ready() const { return calls_block_without_ready_; }
  void reset();
  // Records every call of the arbiter into `set` as `instance` (block_hooks.cpp).
  void record_blocks(trace::BlockTraceSet& set, const std::string& instance);
  // Hands the arbiter to its stand-in, if `external` has one: returns its block name then
  // (block_hooks.cpp).
  const char* use_external(const ExternalBlocks& external);

 private:
  int call_block(std::uint64_t ready, const std::array<std::uint8_t, kMaxCtas>& wpt_count);

  std::variant<BlockSlot<blocks::LrrArbiter>, BlockSlot<blocks::GtoArbiter>,
               BlockSlot<blocks::MwfArbiter>, BlockSlot<blocks::SawsArbiter>,
               BlockSlot<blocks::TwoLevelArbiter>>
      arbiter_;
  std::array<std::uint8_t, kMaxWarps> warp_cta_{};
  std::array<std::uint8_t, kMaxCtas> cta_age_{};
  bool calls_block_without_ready_;
};

}  // namespace wf::sm
