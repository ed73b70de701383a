#include "sim_model/blocks/sm_throttle_controller.h"

#include <algorithm>

namespace wf::blocks {

std::vector<SmThrottleControllerParams> SmThrottleControllerParams::for_machine(const Machine& m) {
  SmThrottleControllerParams p;
  // (Read from the map itself: the blocks' code links without the preset loader.)
  if (const auto it = m.values.find("gpu.num_sms"); it != m.values.end())
    p.num_sms = static_cast<unsigned>(std::min<std::uint64_t>(it->second.value, 256));
  // With at most two SMs the paper's n never moves. Any controller keeps n >= 2 >= the SMs, so
  // a dispatcher that enables min(n, SMs) enables them all, as the paper's would; four SMs is
  // the smallest controller whose every output bit moves (with three, n is 2 or 3 and bit 1
  // stays set), so its coverage can be complete.
  if (p.num_sms <= 2) p.num_sms = 4;
  return {p};
}

const std::vector<ParamDesc>& SmThrottleControllerParams::describe() {
  using P = SmThrottleControllerParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_sms", "s", "SMs of the GPU (max_n_SM, the largest n)", &P::num_sms, 1,
                    256),
      uint_param<P>("count_bits", "b", "width of the round's DRAM-full and icnt-stall counts",
                    &P::count_bits, 1, 24),
  };
  return table;
}

void SmThrottleController::reset() {
  enabled_ = static_cast<std::uint16_t>(p_.num_sms);
  last_ = 0;
}

SmThrottleController::Decision SmThrottleController::decision(const In& in) const {
  if (!in.valid) return Decision::kNone;
  const std::uint32_t c = contention(in);
  if (c > last_ && enabled_ > 2) return Decision::kLower;
  if (c < last_ && enabled_ < p_.num_sms) return Decision::kRaise;
  return Decision::kKeep;
}

void SmThrottleController::tick(const In& in) {
  const Decision d = decision(in);
  if (d == Decision::kNone) return;
  if (d == Decision::kLower) --enabled_;
  if (d == Decision::kRaise) ++enabled_;
  last_ = contention(in);
}

std::vector<PortValue> SmThrottleController::in_ports(const Params& p, const In& in) {
  return {{"valid_i", BitVec(1, in.valid)},
          {"dram_full_i", BitVec(p.count_bits, in.dram_full)},
          {"icnt_stall_i", BitVec(p.count_bits, in.icnt_stall)}};
}

std::vector<PortValue> SmThrottleController::out_ports(const Params& p, const Out& out) {
  return {{"enabled_o", BitVec(p.enabled_bits(), out.enabled)}};
}

}  // namespace wf::blocks
