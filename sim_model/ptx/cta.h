// One cooperative thread array in flight: its warps, shared memory and barrier state.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sim_model/ptx/launch_context.h"
#include "sim_model/ptx/warp.h"

namespace wf::ptx {

struct BarrierState {
  std::uint32_t arrived = 0;           // warps
  std::uint32_t expected_threads = 0;  // 0 = every live warp of the CTA
  std::uint32_t popc = 0;
  bool all = true, any = false;
};

class Cta {
 public:
  static constexpr unsigned kBarriers = 16;
  Cta(const LaunchContext& ctx, std::uint32_t linear_id);
  // Makes this CTA `linear_id` of `ctx`'s launch, exactly as the constructor would, keeping the
  // memory of its warps' registers and buffers.
  void restart(const LaunchContext& ctx, std::uint32_t linear_id);

  Dim ctaid;
  std::uint32_t id;
  std::uint32_t sm;
  std::vector<std::uint8_t> shared;
  std::vector<Warp> warps;
  std::array<BarrierState, kBarriers> bars{};
  std::uint32_t live_warps = 0;

  bool finished() const { return live_warps == 0; }
};

}  // namespace wf::ptx
