// Harness adapter for warp_priority_table: port copy and constrained-random stimulus.
#pragma once

#include "gen/properties/warp_priority_table.h"
#include "gen/warp_priority_table.h"
#include "harness/corner.h"
#include "harness/coverage/warp_priority_table.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/warp_priority_table.h"

namespace wf::harness {

struct WarpPriorityTableHarness {
  using Block = blocks::WarpPriorityTable;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/warp_priority_table.h).
  using Coverage = WarpPriorityTableCoverage;
  static constexpr const char* kHeader = "harness/warp_priority_table.h";
  static constexpr const char* kType = "wf::harness::WarpPriorityTableHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h); odd_small's one-warp CTAs make the counts one bit
  // wide.
  static std::vector<Corner> corners() {
    return {
        {"tiny", {{"num_cta_slots", "2"}, {"max_warps_per_cta", "4"}}},
        {"large", {{"num_cta_slots", "16"}, {"max_warps_per_cta", "64"}}},
        {"odd", {{"num_cta_slots", "3"}, {"max_warps_per_cta", "5"}, {"num_arrive_ports", "3"}}},
        {"odd_small", {{"num_cta_slots", "3"}, {"max_warps_per_cta", "1"}}}};
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.arrive_valid_i, ports[0].value);
    set_port(v.arrive_cta_i, ports[1].value);
    set_port(v.release_i, ports[2].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no arrival
  // and no release.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    blocks::unpack_fields(ports[0].value, in.arrive_valid, p.num_arrive_ports, 1);
    blocks::unpack_fields(ports[1].value, in.arrive_cta, p.num_arrive_ports, p.cta_bits());
    in.release = static_cast<std::uint32_t>(ports[2].value.get_field(0, p.num_cta_slots));
    return in;
  }
  static Block::In idle(Block::In held) {
    held.arrive_valid.fill(false);
    held.release = 0;
    return held;
  }

  template <class V>
  static Block::Out read(const V& v, const Params& p) {
    Block::Out o;
    const auto bits = get_port(v.count_o, p.num_cta_slots * p.count_bits());
    for (unsigned c = 0; c < p.num_cta_slots; ++c)
      o.count[c] = static_cast<std::uint8_t>(bits.get_field(c * p.count_bits(), p.count_bits()));
    return o;
  }

  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed) : p_(p), s_(seed) {}
    Block::In next() {
      auto& r = s_.rng();
      if (s_.advance()) {
        arrive_density_ = r.density();
        // Rare releases let counts climb to saturation; frequent ones keep them low.
        release_chance_ = r.chance(0.3) ? 0.0005 : 0.05;
      }
      Block::In in;
      for (unsigned k = 0; k < p_.num_arrive_ports; ++k) {
        in.arrive_valid[k] = r.chance(arrive_density_);
        in.arrive_cta[k] = static_cast<std::uint8_t>(r.below(p_.num_cta_slots));
      }
      for (unsigned c = 0; c < p_.num_cta_slots; ++c)
        if (r.chance(release_chance_)) in.release |= std::uint32_t{1} << c;
      return in;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    Params p_;
    PhasedStimulus s_;
    double arrive_density_ = 0.5;
    double release_chance_ = 0.05;
  };
};

}  // namespace wf::harness
