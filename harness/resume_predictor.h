// Harness adapter for resume_predictor: port copy and constrained-random stimulus.
#pragma once

#include <fmt/format.h>

#include <vector>

#include "gen/properties/resume_predictor.h"
#include "gen/resume_predictor.h"
#include "harness/corner.h"
#include "harness/coverage/resume_predictor.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/resume_predictor.h"

namespace wf::harness {

struct ResumePredictorHarness {
  using Block = blocks::ResumePredictor;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/resume_predictor.h).
  using Coverage = ResumePredictorCoverage;
  static constexpr const char* kHeader = "harness/resume_predictor.h";
  static constexpr const char* kType = "wf::harness::ResumePredictorHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h). `tiny`: 4 conditions, 2 timers of 2 cycles (a 3-bit
  // time count that wraps every 8 cycles): the timers are busy most of the time. `odd`: 9
  // conditions (ids 9..15 unused), 6 WG entries, 3-bit counts, 3 timers of 5 cycles. `odd_small`:
  // 3 conditions, one timer, the longest timeout a 3-bit count allows. `large`: the widest ids,
  // counts and time (65536 conditions, 4096 waiters, 8-bit counts, 10^6 cycles), 64 timers.
  static std::vector<Corner> corners() {
    return {{"tiny",
             {{"cache_sets", "2"},
              {"cache_ways", "2"},
              {"wg_entries", "4"},
              {"resume_timeout", "2"},
              {"resume_timers", "2"}}},
            {"large",
             {{"cache_sets", "4096"},
              {"cache_ways", "16"},
              {"wg_entries", "4096"},
              {"count_bits", "8"},
              {"resume_timeout", "1000000"},
              {"resume_timers", "64"}}},
            {"odd",
             {{"cache_sets", "3"},
              {"cache_ways", "3"},
              {"wg_entries", "6"},
              {"count_bits", "3"},
              {"resume_timeout", "5"},
              {"resume_timers", "3"}}},
            {"odd_small",
             {{"cache_sets", "1"},
              {"cache_ways", "3"},
              {"wg_entries", "3"},
              {"resume_timeout", "3"},
              {"resume_timers", "1"}}}};
  }

  // For `warpforge area`: the paper counts no storage for the timers.
  static std::string paper_storage(const Params& p) {
    return fmt::format(
        "AWG (sec. V-C) counts no storage for the resume timers (its 26112 + 12288 bits are the "
        "condition cache, WG list and Bloom filters); the block stores {} bits in flip-flops: "
        "{} timers x (1 valid + {} condition id + {} deadline)",
        p.timer_bits(), p.resume_timers, p.cond_bits(), p.time_bits());
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.met_valid_i, ports[0].value);
    set_port(v.met_cond_i, ports[1].value);
    set_port(v.met_waiters_i, ports[2].value);
    set_port(v.met_unique_i, ports[3].value);
    set_port(v.cancel_valid_i, ports[4].value);
    set_port(v.cancel_cond_i, ports[5].value);
    set_port(v.timeout_ack_i, ports[6].value);
    set_port(v.now_i, ports[7].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no event, the
  // fields and the time held as wires would (the state then stays, and so do the outputs).
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.met_valid = ports[0].value.bit(0);
    in.met_cond = static_cast<std::uint32_t>(ports[1].value.get_field(0, p.cond_bits()));
    in.met_waiters = static_cast<std::uint32_t>(ports[2].value.get_field(0, p.waiter_bits()));
    in.met_unique = static_cast<std::uint32_t>(ports[3].value.get_field(0, p.count_bits));
    in.cancel_valid = ports[4].value.bit(0);
    in.cancel_cond = static_cast<std::uint32_t>(ports[5].value.get_field(0, p.cond_bits()));
    in.timeout_ack = ports[6].value.bit(0);
    in.now = static_cast<std::uint32_t>(ports[7].value.get_field(0, p.time_bits()));
    return in;
  }
  static Block::In idle(Block::In held) {
    held.met_valid = false;
    held.cancel_valid = false;
    held.timeout_ack = false;
    return held;
  }

  template <class V>
  static Block::Out read(const V& v, const Params& p) {
    Block::Out o;
    o.resume_all = get_port(v.resume_all_o, 1).bit(0);
    o.timeout_valid = get_port(v.timeout_valid_o, 1).bit(0);
    o.timeout_cond = static_cast<std::uint32_t>(
        get_port(v.timeout_cond_o, p.cond_bits()).get_field(0, p.cond_bits()));
    return o;
  }

  // Phases pick a pool of conditions (one, a few, about as many as timers, or many), the rates
  // of met events, cancels and acks, how many waiters a met condition has, and how time moves:
  // a cycle at a time, held, or in jumps (the gaps of a cycle model that does not call the
  // block while idle), so that timers expire, pile up and wrap even when the timeout is long.
  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed) : p_(p), s_(seed) {}
    Block::In next() {
      auto& r = s_.rng();
      if (s_.advance()) {
        const unsigned n = p_.resume_timers;
        const unsigned sizes[] = {2,     n,         n + 1,
                                  n + 1, 2 * n + 2, 1u << std::min(p_.cond_bits(), 16u)};
        pool_.resize(sizes[r.below(6)]);
        for (auto& c : pool_) c = static_cast<std::uint32_t>(r.bits(p_.cond_bits()));
        // Acks and cancels mostly rare, so that the timers fill up (the tiny corner's are busy
        // most of the time) and expiries pile up; sometimes frequent, so that they drain.
        static constexpr double kMet[] = {0.02, 0.2, 0.4, 0.4, 1.0};
        static constexpr double kCancel[] = {0.0, 0.0, 0.0, 0.01, 0.1};
        static constexpr double kAck[] = {0.0, 0.0, 0.01, 0.02, 0.2};
        met_ = kMet[r.below(5)];
        cancel_ = kCancel[r.below(5)];
        ack_ = kAck[r.below(5)];
        many_ = r.chance(0.8) ? 0.97 : 0.6;
        spread_ = r.chance(0.2) ? 0.5 : 0.03;
        time_ = r.below(4);  // 0, 1: a cycle at a time; 2: held or one; 3: jumps
      }
      Block::In in;
      const std::uint32_t tmask = (std::uint32_t{1} << p_.time_bits()) - 1;
      switch (time_) {
        case 2:
          now_ += r.below(2);
          break;
        case 3:
          now_ += 1 + r.below(p_.resume_timeout / 4 + 2);
          break;
        default:
          ++now_;
      }
      in.now = now_ & tmask;
      const auto pick = [&] { return pool_[r.below(static_cast<unsigned>(pool_.size()))]; };
      in.met_valid = r.chance(met_);
      in.met_cond = pick();
      const unsigned wmax = (1u << p_.waiter_bits()) - 1;
      in.met_waiters = r.chance(many_) ? 2 + r.below(r.chance(0.8) ? 3 : wmax - 1) : r.below(2);
      const unsigned umax = (1u << p_.count_bits) - 1;
      in.met_unique = r.chance(spread_) ? 3 + r.below(umax - 2) : r.below(3);
      in.cancel_valid = r.chance(cancel_);
      in.cancel_cond = pick();
      in.timeout_ack = r.chance(ack_);
      return in;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    Params p_;
    PhasedStimulus s_;
    std::vector<std::uint32_t> pool_ = {0};
    std::uint32_t now_ = 0;
    double met_ = 0.1, cancel_ = 0.01, ack_ = 0.1, many_ = 0.9, spread_ = 0.1;
    unsigned time_ = 0;
  };
};

}  // namespace wf::harness
