// Harness adapter for lrr_arbiter: port copy and constrained-random stimulus.
#pragma once

#include "gen/lrr_arbiter.h"
#include "gen/properties/lrr_arbiter.h"
#include "harness/corner.h"
#include "harness/coverage/lrr_arbiter.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/lrr_arbiter.h"

namespace wf::harness {

struct LrrArbiterHarness {
  using Block = blocks::LrrArbiter;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/lrr_arbiter.h).
  using Coverage = LrrArbiterCoverage;
  static constexpr const char* kHeader = "harness/lrr_arbiter.h";
  static constexpr const char* kType = "wf::harness::LrrArbiterHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h).
  static std::vector<Corner> corners() {
    return {{"tiny", {{"num_warps", "4"}}},
            {"large", {{"num_warps", "64"}}},
            {"odd", {{"num_warps", "6"}}},
            {"odd_small", {{"num_warps", "3"}}}};
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.ready_i, ports[0].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no warp ready.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.ready = ports[0].value.get_field(0, p.num_warps);
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
      if (s_.advance()) density_ = s_.rng().density();
      return {s_.rng().mask(p_.num_warps, density_)};
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    Params p_;
    PhasedStimulus s_;
    double density_ = 0.5;
  };
};

}  // namespace wf::harness
