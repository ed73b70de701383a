// Harness adapter for two_level_arbiter: port copy and constrained-random stimulus.
#pragma once

#include "gen/properties/two_level_arbiter.h"
#include "gen/two_level_arbiter.h"
#include "harness/corner.h"
#include "harness/coverage/two_level_arbiter.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/two_level_arbiter.h"

namespace wf::harness {

struct TwoLevelArbiterHarness {
  using Block = blocks::TwoLevelArbiter;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/two_level_arbiter.h).
  using Coverage = TwoLevelArbiterCoverage;
  static constexpr const char* kHeader = "harness/two_level_arbiter.h";
  static constexpr const char* kType = "wf::harness::TwoLevelArbiterHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h). tiny, odd and odd_small leave the warps one fetch
  // group; small_groups has two of 2, uneven three, the last one smaller.
  static std::vector<Corner> corners() {
    return {{"tiny", {{"num_warps", "4"}}},
            {"large", {{"num_warps", "64"}}},
            {"odd", {{"num_warps", "6"}}},
            {"odd_small", {{"num_warps", "3"}}},
            {"small_groups", {{"num_warps", "4"}, {"group_size", "2"}}},
            {"uneven", {{"num_warps", "10"}, {"group_size", "4"}}}};
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.request_i, ports[0].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no request.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.request = ports[0].value.get_field(0, p.num_warps);
    return in;
  }
  static Block::In idle(Block::In held) {
    held.request = 0;
    return held;
  }

  template <class V>
  static Block::Out read(const V& v, const Params& p) {
    return read_grant<Block::Out>(v, p.num_warps);
  }

  // Requests with a group structure: per phase, each fetch group is busy (its warps request
  // with the phase's density) or stalled (none requests, as when the whole group waits on
  // memory), so that the arbiter both stays in groups and moves between them.
  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed) : p_(p), s_(seed) {}
    Block::In next() {
      auto& r = s_.rng();
      if (s_.advance()) {
        density_ = r.density();
        static constexpr double kFlip[] = {0.0, 0.005, 0.05, 0.3};
        flip_ = kFlip[r.below(4)];
        busy_ = r.bits(64);
      }
      std::uint64_t mask = 0;
      for (unsigned g = 0; g < p_.num_groups() && g < 64; ++g) {
        if (r.chance(flip_)) busy_ ^= std::uint64_t{1} << g;
        if ((busy_ >> g) & 1)
          mask |= blocks::fetch_group_mask(g * p_.group_size, p_.group_size, p_.num_warps);
      }
      in_.request = r.mask(p_.num_warps, density_) & mask;
      return in_;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    Params p_;
    PhasedStimulus s_;
    double density_ = 0.5;
    double flip_ = 0.05;
    std::uint64_t busy_ = ~std::uint64_t{0};
    Block::In in_;
  };
};

}  // namespace wf::harness
