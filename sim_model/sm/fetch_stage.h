// Fetch: one warp per cycle, chosen by the fetch arbiter block (CffFetchArbiter in the mode the
// policies ask for) among the warps whose I-buffer is empty, that wait on no I-cache refill and
// no unresolved branch. A hit fills the I-buffer with consecutive instructions, stopping after
// a control instruction: the warp cannot fetch past a branch it has not resolved.
#pragma once

#include <array>
#include <cstdint>

#include "sim_model/blocks/cff_fetch_arbiter.h"
#include "sim_model/sm/instruction_cache.h"
#include "sim_model/sm/sm_core.h"

namespace wf::sm {

class FetchStage {
 public:
  using IssuePorts = std::array<int, blocks::CffFetchArbiter::kMaxPorts>;  // warp or -1

  explicit FetchStage(SmCore& core);

  // `issued[k]`: the warp scheduler k issued this cycle (fed to the arbiter's issue ports).
  // Returns whether a warp was granted.
  bool cycle(std::uint64_t now, const IssuePorts& issued);
  void set_warp_cta(unsigned warp, unsigned cta_slot) {
    in_.warp_cta[warp] = static_cast<std::uint8_t>(cta_slot);
  }
  void reset() { arbiter_.reset(); }
  const InstructionCache& icache() const { return icache_; }

 private:
  SmCore& core_;
  blocks::CffFetchArbiter arbiter_;
  blocks::CffFetchArbiter::In in_{};
  InstructionCache icache_;
};

}  // namespace wf::sm
