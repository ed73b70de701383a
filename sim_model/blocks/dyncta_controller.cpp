#include "sim_model/blocks/dyncta_controller.h"

#include <algorithm>

namespace wf::blocks {

std::string DynctaControllerParams::validate() const {
  if (period > (1ull << counter_bits))
    return "period=" + std::to_string(period) +
           " needs counter_bits >= " + std::to_string(clog2(period)) +
           " (the counters hold up to period - 1 cycles)";
  if (t_idle > period || t_mem_high > period)
    return "thresholds t_idle and t_mem_high at most period=" + std::to_string(period);
  if (t_mem_low > t_mem_high) return "t_mem_low at most t_mem_high";
  return {};
}

std::vector<DynctaControllerParams> DynctaControllerParams::for_machine(const Machine& m) {
  DynctaControllerParams p;
  p.num_cta_slots = std::clamp(m.max_ctas, 1u, 32u);
  return {p};
}

const std::vector<ParamDesc>& DynctaControllerParams::describe() {
  using P = DynctaControllerParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_cta_slots", "c", "CTA slots per SM (N, the largest CTA limit)",
                    &P::num_cta_slots, 1, 32),
      uint_param<P>("counter_bits", "b", "width of the C_idle and C_mem counters", &P::counter_bits,
                    1, 16),
      uint_param<P>("period", "p", "sampling period in cycles", &P::period, 2, 65536),
      uint_param<P>("t_idle", "i", "C_idle at or above this raises n", &P::t_idle, 1, 65536),
      uint_param<P>("t_mem_low", "l", "C_mem below this raises n", &P::t_mem_low, 1, 65536),
      uint_param<P>("t_mem_high", "h", "C_mem at or above this lowers n", &P::t_mem_high, 1, 65536),
  };
  return table;
}

void DynctaController::reset() {
  phase_ = 0;
  idle_count_ = mem_count_ = 0;
  max_limit_ = p_.num_cta_slots;
  limit_ = static_cast<std::uint8_t>(p_.initial_limit());
}

unsigned DynctaController::launch_limit(unsigned num_ctas) const {
  return std::clamp(num_ctas, 1u, p_.num_cta_slots);
}

DynctaController::Decision DynctaController::decision(const In& in) const {
  if (in.start || phase_ + 1 < p_.period) return Decision::kNone;
  if (idle_count_ + in.idle >= p_.t_idle) return Decision::kRaiseIdle;
  const unsigned mem = mem_count_ + in.mem;
  if (mem < p_.t_mem_low) return Decision::kRaiseMem;
  if (mem >= p_.t_mem_high) return Decision::kLower;
  return Decision::kKeep;
}

void DynctaController::tick(const In& in) {
  if (in.start) {
    phase_ = 0;
    idle_count_ = mem_count_ = 0;
    max_limit_ = launch_limit(in.num_ctas);
    limit_ = static_cast<std::uint8_t>(std::max(1u, max_limit_ / 2));
    return;
  }
  const Decision d = decision(in);
  if (d == Decision::kNone) {
    ++phase_;
    idle_count_ += in.idle;
    mem_count_ += in.mem;
    return;
  }
  phase_ = 0;
  idle_count_ = mem_count_ = 0;
  if ((d == Decision::kRaiseIdle || d == Decision::kRaiseMem) && limit_ < max_limit_) ++limit_;
  if (d == Decision::kLower && limit_ > 1) --limit_;
}

std::vector<PortValue> DynctaController::in_ports(const Params& p, const In& in) {
  return {{"idle_i", BitVec(1, in.idle)},
          {"mem_i", BitVec(1, in.mem)},
          {"start_i", BitVec(1, in.start)},
          {"num_ctas_i", BitVec(p.limit_bits(), in.num_ctas)}};
}

std::vector<PortValue> DynctaController::out_ports(const Params& p, const Out& out) {
  return {{"limit_o", BitVec(p.limit_bits(), out.limit)}};
}

}  // namespace wf::blocks
