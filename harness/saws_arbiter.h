// Harness adapter for saws_arbiter: port copy and constrained-random stimulus.
#pragma once

#include "gen/properties/saws_arbiter.h"
#include "gen/saws_arbiter.h"
#include "harness/corner.h"
#include "harness/coverage/saws_arbiter.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/saws_arbiter.h"

namespace wf::harness {

struct SawsArbiterHarness {
  using Block = blocks::SawsArbiter;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/saws_arbiter.h).
  using Coverage = SawsArbiterCoverage;
  static constexpr const char* kHeader = "harness/saws_arbiter.h";
  static constexpr const char* kType = "wf::harness::SawsArbiterHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h).
  static std::vector<Corner> corners() { return cta_arbiter_corners(); }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.ready_i, ports[0].value);
    set_port(v.warp_cta_i, ports[1].value);
    set_port(v.wpt_count_i, ports[2].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no warp ready,
  // the counts held (the SM calls SAWS in every cycle it runs, so these are the cycles it
  // sleeps or holds no CTA, in which no barrier event happens).
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.ready = ports[0].value.get_field(0, p.num_warps);
    blocks::unpack_fields(ports[1].value, in.warp_cta, p.num_warps, p.cta_bits());
    blocks::unpack_fields(ports[2].value, in.wpt_count, p.num_cta_slots, p.count_bits());
    return in;
  }
  static Block::In idle(Block::In held) {
    held.ready = 0;
    return held;
  }

  template <class V>
  static Block::Out read(const V& v, const Params& p) {
    return read_grant<Block::Out>(v, p.num_warps);
  }

  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed) : p_(p), s_(seed) {}
    Block::In next() {
      auto& r = s_.rng();
      if (s_.advance()) {
        density_ = r.density();
        static constexpr double kRates[] = {0.002, 0.01, 0.05, 0.3};
        barrier_rate_ = kRates[r.below(4)];
        random_cta_assignment(r, in_.warp_cta, p_.num_warps, p_.num_cta_slots);
      }
      barrier_counts(r, in_.wpt_count, p_.num_cta_slots, p_.count_bits(), barrier_rate_);
      // Now and then counts that jump anywhere, without passing through 0.
      if (r.chance(0.002)) random_counts(r, in_.wpt_count, p_.num_cta_slots, p_.count_bits());
      if (r.chance(0.002)) {
        in_.warp_cta[r.below(p_.num_warps)] = static_cast<std::uint8_t>(r.below(p_.num_cta_slots));
      }
      in_.ready = r.mask(p_.num_warps, density_);
      return in_;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    Params p_;
    PhasedStimulus s_;
    double density_ = 0.5;
    double barrier_rate_ = 0.01;
    Block::In in_;
  };
};

}  // namespace wf::harness
