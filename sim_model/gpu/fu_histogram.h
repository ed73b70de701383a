// Functional-unit utilization of a timing run (the LWM paper's Fig. 1 and 10): how many SIMD
// lanes were busy, per SM and cycle, over every SM and every cycle of the run.
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/gpu/timing_session.h"

namespace wf::gpu {

struct FuHistogram {
  // cycles x SMs: every SM counts in every cycle of the run, also while it sleeps or holds no
  // CTA, so the bins sum to this.
  std::uint64_t sm_cycles = 0;
  // [n]: SM-cycles whose issues (summed over the SM's schedulers) had n active threads, n from 0
  // to schedulers x warp_size. [0] is sm_cycles minus the others: cycles with no issue, or with
  // only a large warp's instruction entering the sub-warp packer.
  std::vector<std::uint64_t> active_lanes;
};

// Throws std::logic_error if the SMs counted more issuing cycles than the run had.
FuHistogram fu_histogram(const TimingResults& r);

}  // namespace wf::gpu
