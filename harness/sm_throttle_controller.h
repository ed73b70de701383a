// Harness adapter for sm_throttle_controller: port copy and constrained-random stimulus.
#pragma once

#include <algorithm>

#include "gen/properties/sm_throttle_controller.h"
#include "gen/sm_throttle_controller.h"
#include "harness/corner.h"
#include "harness/coverage/sm_throttle_controller.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/sm_throttle_controller.h"

namespace wf::harness {

struct SmThrottleControllerHarness {
  using Block = blocks::SmThrottleController;
  using Params = Block::Params;
  using Coverage = SmThrottleControllerCoverage;
  static constexpr const char* kHeader = "harness/sm_throttle_controller.h";
  static constexpr const char* kType = "wf::harness::SmThrottleControllerHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // At least four SMs, so that every bit of enabled_o toggles (with three, n is 2 or 3).
  static std::vector<Corner> corners() {
    return {{"tiny", {{"num_sms", "4"}, {"count_bits", "2"}}},
            {"large", {{"num_sms", "256"}, {"count_bits", "24"}}},
            {"odd", {{"num_sms", "13"}, {"count_bits", "5"}}},
            {"odd_small", {{"num_sms", "5"}, {"count_bits", "1"}}}};
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.valid_i, ports[0].value);
    set_port(v.dram_full_i, ports[1].value);
    set_port(v.icnt_stall_i, ports[2].value);
  }
  template <class V>
  static Block::Out read(const V& v, const Params& p) {
    Block::Out o;
    o.enabled = static_cast<std::uint16_t>(
        get_port(v.enabled_o, p.enabled_bits()).get_field(0, p.enabled_bits()));
    return o;
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md). The dispatcher calls the block only at a
  // round's end; in the cycles between, no round ends and the counts, the caller's counters,
  // hold.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.valid = ports[0].value.get_field(0, 1) != 0;
    in.dram_full = static_cast<std::uint32_t>(ports[1].value.get_field(0, p.count_bits));
    in.icnt_stall = static_cast<std::uint32_t>(ports[2].value.get_field(0, p.count_bits));
    return in;
  }
  static Block::In idle(Block::In held) {
    held.valid = false;
    return held;
  }

  // Rounds end in a phase's share of cycles. Most rounds follow a trend, the contention rising
  // (or falling) from round to round for longer than n needs to cross its range, with a wrap
  // now and then when it reaches the end of its range; the others take the comparisons' edges
  // (one above, one below, equal), the counts' extremes, or anything. The stimulus follows the
  // block's last contention through its own resets.
  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed)
        : p_(p), s_(seed), max_(p.count_mask()), widest_(2 * p.count_mask()) {}
    Block::In next() {
      auto& r = s_.rng();
      if (s_.advance()) {
        static constexpr double kRoundRates[] = {1.0, 1.0, 0.5, 0.1};
        round_rate_ = kRoundRates[r.below(4)];
      }
      Block::In in;
      in.valid = r.chance(round_rate_);
      if (!in.valid) {  // counts that must not matter
        split(r, r.below(widest_ + 1), in);
        return in;
      }
      if (rounds_left_ == 0) {
        rising_ = !rising_;
        rounds_left_ = 3 * (p_.num_sms + 2) + r.below(p_.num_sms);
      }
      --rounds_left_;
      const std::uint32_t c = r.chance(0.75) ? trend(r) : other(r);
      split(r, c, in);
      last_ = c;
      return in;
    }
    bool reset_now() {
      const bool reset = s_.reset_now();
      if (reset) last_ = 0;
      return reset;
    }

   private:
    // A contention that continues the trend: a step of one or a few from the last round's,
    // sometimes none, and back across the range when the step would leave it.
    std::uint32_t trend(Random& r) {
      if (r.chance(0.05)) return last_;
      const std::uint32_t step = 1 + (r.chance(0.7) ? 0 : r.below(8));
      if (rising_) return last_ + step <= widest_ ? last_ + step : r.below(last_ + 1);
      return last_ >= step ? last_ - step : last_ + r.below(widest_ - last_ + 1);
    }
    // An edge of the comparisons or of the counts, or anything.
    std::uint32_t other(Random& r) {
      switch (r.below(6)) {
        case 0:
          return std::min(last_ + 1, widest_);
        case 1:
          return last_ ? last_ - 1 : 0;
        case 2:
          return last_;
        case 3:
          return widest_;
        case 4:
          return 0;
        default:
          return r.below(widest_ + 1);
      }
    }
    // Two counts of `c` together: often one of them at an end of its range.
    void split(Random& r, std::uint32_t c, Block::In& in) const {
      const std::uint32_t lo = c > max_ ? c - max_ : 0, hi = std::min(c, max_);
      const unsigned pick = r.below(4);
      in.dram_full = pick == 0 ? lo : pick == 1 ? hi : lo + r.below(hi - lo + 1);
      in.icnt_stall = c - in.dram_full;
    }

    Params p_;
    PhasedStimulus s_;
    std::uint32_t max_;     // a count's largest value
    std::uint32_t widest_;  // the largest contention
    double round_rate_ = 1.0;
    bool rising_ = false;  // the contention's trend: rising lowers n; rises first
    unsigned rounds_left_ = 0;
    std::uint32_t last_ = 0;  // the block's last contention
  };
};

}  // namespace wf::harness
