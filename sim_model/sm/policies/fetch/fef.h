// Fetch policy `fef` (BAWS §6, Fig. 9): fewest I-buffer entries first, ties round robin after
// the warp fetched last. Its candidates are the warps with a free I-buffer entry, not only the
// empty ones: if only empty buffers were eligible every candidate would hold zero entries and
// "fewest first" would mean nothing. It fetches after a partly full buffer's last entry.
#pragma once

#include <bit>

#include "sim_model/blocks/fef_fetch_arbiter.h"
#include "sim_model/sm/policies/fetch_policy.h"

namespace wf::sm::policies {

class FefFetch : public FetchPolicyBase, public OneBlockPolicy<blocks::FefFetchArbiter> {
 public:
  static constexpr const char* kName = "fef";
  static constexpr const char* kHelp =
      "fewest I-buffer entries first among warps with a free entry, ties round robin";
  static constexpr bool kFillsPartlyFullBuffers = true;

  explicit FefFetch(const TimingConfig& c)
      : OneBlockPolicy(blocks::FefFetchArbiterParams::for_machine(c.machine).front()) {}

  int grant(const SmCore& core, std::uint64_t now, const IssuePorts&, unsigned) {
    blocks::FefFetchArbiter::In in;
    in.eligible = free_entry_candidates(core, now);
    if (in.eligible == 0) return -1;  // no request: the arbiter keeps its state
    for (std::uint64_t m = in.eligible; m; m &= m - 1) {
      const unsigned w = static_cast<unsigned>(std::countr_zero(m));
      in.entries[w] = static_cast<std::uint8_t>(core.warps[w].ibuffer.size());
    }
    return granted(block_.step(in));
  }
};

WF_REGISTER_POLICY(FefFetch)

}  // namespace wf::sm::policies
