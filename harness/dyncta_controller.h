// Harness adapter for dyncta_controller: port copy and constrained-random stimulus.
#pragma once

#include <algorithm>

#include <fmt/format.h>

#include "gen/dyncta_controller.h"
#include "gen/properties/dyncta_controller.h"
#include "harness/corner.h"
#include "harness/coverage/dyncta_controller.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/dyncta_controller.h"

namespace wf::harness {

struct DynctaControllerHarness {
  using Block = blocks::DynctaController;
  using Params = Block::Params;
  using Coverage = DynctaControllerCoverage;
  static constexpr const char* kHeader = "harness/dyncta_controller.h";
  static constexpr const char* kType = "wf::harness::DynctaControllerHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // Short periods, so that a default run of 10^5 cycles sees hundreds of decisions.
  static std::vector<Corner> corners() {
    return {{"tiny",
             {{"num_cta_slots", "2"},
              {"counter_bits", "3"},
              {"period", "8"},
              {"t_idle", "2"},
              {"t_mem_low", "2"},
              {"t_mem_high", "6"}}},
            {"large",
             {{"num_cta_slots", "32"},
              {"counter_bits", "16"},
              {"period", "256"},
              {"t_idle", "8"},
              {"t_mem_low", "32"},
              {"t_mem_high", "96"}}},
            {"odd",
             {{"num_cta_slots", "5"},
              {"counter_bits", "4"},
              {"period", "11"},
              {"t_idle", "3"},
              {"t_mem_low", "4"},
              {"t_mem_high", "7"}}},
            {"odd_small",
             {{"num_cta_slots", "3"},
              {"counter_bits", "2"},
              {"period", "3"},
              {"t_idle", "1"},
              {"t_mem_low", "1"},
              {"t_mem_high", "3"}}}};
  }

  // For `warpforge area`: the paper's synthesized area beside this block's.
  static std::string paper_storage(const Params& p) {
    return fmt::format(
        "DYNCTA (sec. IV) gives two 11-bit counters per core and 0.0014 mm^2 = 1400 um^2 per "
        "core (Synopsys DC, TSMC 65 nm); here C_idle and C_mem of {} bits, the {}-bit period "
        "timer and n and N; areas scale with the square of the feature size, so the Nangate "
        "45 nm areas above are about (65/45)^2 = 2.09 times smaller than the same logic at 65 nm",
        p.counter_bits, p.phase_bits());
  }

  template <class V>
  static void drive(V& v, const Params&, const Block::In& in) {
    v.idle_i = in.idle;
    v.mem_i = in.mem;
    v.start_i = in.start;
    v.num_ctas_i = in.num_ctas;
  }
  template <class V>
  static Block::Out read(const V& v, const Params& p) {
    Block::Out o;
    o.limit =
        static_cast<std::uint8_t>(get_port(v.limit_o, p.limit_bits()).get_field(0, p.limit_bits()));
    return o;
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md). The cycle model calls the block in every
  // cycle of a launch; the cycles without a call (between launches) are neither idle nor mem
  // cycles and start nothing.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.idle = ports[0].value.get_field(0, 1) != 0;
    in.mem = ports[1].value.get_field(0, 1) != 0;
    in.start = ports[2].value.get_field(0, 1) != 0;
    in.num_ctas = static_cast<std::uint8_t>(ports[3].value.get_field(0, p.limit_bits()));
    return in;
  }
  static Block::In idle(Block::In) { return {}; }

  // Each period gets a number of idle and of mem cycles, laid out as one run at a random offset
  // in the period (the stimulus follows the block's period through its own resets). Most
  // periods follow a trend, rising or falling for longer than n needs to cross its range; the
  // others take each rule's edge in turn (a count on a threshold or one below it).
  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed) : p_(p), s_(seed) {}
    Block::In next() {
      auto& r = s_.rng();
      if (phase_ == 0) start_period(r);
      Block::In in;
      in.idle = (phase_ + idle_offset_) % p_.period < idle_cycles_;
      in.mem = (phase_ + mem_offset_) % p_.period < mem_cycles_;
      if (noisy_ && r.chance(noise_)) in.idle = !in.idle;
      if (noisy_ && r.chance(noise_)) in.mem = !in.mem;
      phase_ = phase_ + 1 == p_.period ? 0 : phase_ + 1;
      if (hold_) --hold_;
      // A kernel launch every eight periods or so, its N in turn: 0 (clamped to 1), all the
      // slots, a small one, the port's largest (clamped to the slots), another small one. After
      // the two that give N = num_cta_slots the trend rises and no launch comes for N + 4
      // periods, so that n reaches N and falls again.
      if (hold_ == 0 && r.below(8 * p_.period) == 0) {
        in.start = true;
        const unsigned top = (1u << p_.limit_bits()) - 1;
        const unsigned small = 1 + r.below(std::min(p_.num_cta_slots, 3u));
        const unsigned pick = launches_++ % 5;
        in.num_ctas = static_cast<std::uint8_t>(pick == 0   ? 0
                                                : pick == 1 ? p_.num_cta_slots
                                                : pick == 3 ? top
                                                            : small);
        if (pick == 1 || pick == 3) {
          rising_ = true;
          periods_left_ = p_.num_cta_slots + 4;
          hold_ = (p_.num_cta_slots + 4) * p_.period;
        }
        phase_ = 0;
      }
      return in;
    }
    bool reset_now() {
      // Rarer than the shared schedule (one in 20000 cycles): n needs many periods to cross its
      // range.
      const bool reset = s_.rng().below(20000) == 0;
      if (reset) phase_ = 0;
      return reset;
    }

   private:
    // A count: often `t` itself or one below it, else anywhere in [lo, hi].
    unsigned near(Random& r, unsigned t, unsigned lo, unsigned hi) {
      const unsigned pick = r.below(20);
      if (pick < 9 && t >= lo && t <= hi) return t;
      if (pick < 16 && t >= lo + 1 && t - 1 <= hi) return t - 1;
      return lo + r.below(hi - lo + 1);
    }
    void start_period(Random& r) {
      if (periods_left_ == 0) {
        rising_ = !rising_;
        periods_left_ = p_.num_cta_slots + 2 + r.below(p_.num_cta_slots);
        noise_ = r.chance(0.8) ? 0.0 : 0.01;
      }
      --periods_left_;
      const unsigned t = p_.period;
      // Below t_idle, so that the memory rules decide, unless the period raises by C_idle.
      idle_cycles_ = near(r, p_.t_idle - 1, 0, p_.t_idle - 1);
      unsigned c = 0;  // the case of this period
      noisy_ = false;
      if (r.chance(0.7)) {
        c = rising_ ? r.below(2) : 4;
        noisy_ = noise_ != 0.0;
      } else {
        c = next_case_;
        next_case_ = (next_case_ + 1) % 5;
      }
      switch (c) {
        case 0:  // raise by C_idle
          idle_cycles_ = near(r, p_.t_idle, p_.t_idle, t);
          mem_cycles_ = r.below(t + 1);
          break;
        case 1:  // raise by a light memory load
          mem_cycles_ = near(r, p_.t_mem_low - 1, 0, p_.t_mem_low - 1);
          break;
        case 2:  // keep: the low threshold's edge, or anywhere between
          mem_cycles_ = near(r, p_.t_mem_low, p_.t_mem_low, t);
          if (mem_cycles_ >= p_.t_mem_high) mem_cycles_ = p_.t_mem_low;
          break;
        case 3:  // keep: the high threshold's edge
          mem_cycles_ = std::max(p_.t_mem_low, p_.t_mem_high - 1);
          break;
        default:  // lower by a heavy memory load
          mem_cycles_ = near(r, p_.t_mem_high, p_.t_mem_high, t);
          break;
      }
      idle_offset_ = r.below(t);
      mem_offset_ = r.below(t);
    }

    Params p_;
    PhasedStimulus s_;
    unsigned phase_ = 0;  // the block's cycle within its period
    bool rising_ = true;  // the trend: n climbs (or falls) over several periods; falls first
    unsigned next_case_ = 0;
    unsigned periods_left_ = 0;
    double noise_ = 0.0;  // of the trend
    bool noisy_ = false;  // this period flips inputs at random (never a threshold's edge)
    unsigned idle_cycles_ = 0, mem_cycles_ = 0, idle_offset_ = 0, mem_offset_ = 0;
    unsigned launches_ = 0;
    std::uint64_t hold_ = 0;  // cycles before the next launch may come
  };
};

}  // namespace wf::harness
