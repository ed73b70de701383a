// Harness adapter for blocklat_arbiter: port copy and constrained-random stimulus.
#pragma once

#include <algorithm>

#include "gen/blocklat_arbiter.h"
#include "gen/properties/blocklat_arbiter.h"
#include "harness/corner.h"
#include "harness/coverage/blocklat_arbiter.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/blocklat_arbiter.h"

namespace wf::harness {

struct BlocklatArbiterHarness {
  using Block = blocks::BlocklatArbiter;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/blocklat_arbiter.h).
  using Coverage = BlocklatArbiterCoverage;
  static constexpr const char* kHeader = "harness/blocklat_arbiter.h";
  static constexpr const char* kType = "wf::harness::BlocklatArbiterHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h), the CTA arbiters' sizes with the counter widths of
  // the stall counter bank's corners, and `narrow` for the most-stalled proof.
  static std::vector<Corner> corners() {
    return {{"tiny", {{"num_warps", "4"}, {"num_cta_slots", "2"}, {"count_bits", "2"}}},
            {"large", {{"num_warps", "64"}, {"num_cta_slots", "16"}, {"count_bits", "12"}}},
            {"odd", {{"num_warps", "6"}, {"num_cta_slots", "3"}, {"count_bits", "3"}}},
            {"odd_small", {{"num_warps", "3"}, {"num_cta_slots", "3"}, {"count_bits", "1"}}},
            // A gtx480 scheduler's warps and CTA slots with the narrowest counts that still
            // order 24 warps every way: the width the most-stalled property is proven at.
            {"narrow", {{"num_warps", "24"}, {"num_cta_slots", "8"}, {"count_bits", "5"}}}};
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.ready_i, ports[0].value);
    set_port(v.warp_cta_i, ports[1].value);
    set_port(v.stall_count_i, ports[2].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no warp ready,
  // the other ports hold their values.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.ready = ports[0].value.get_field(0, p.num_warps);
    blocks::unpack_fields(ports[1].value, in.warp_cta, p.num_warps, p.cta_bits());
    blocks::unpack_fields(ports[2].value, in.stall_count, p.num_warps, p.count_bits);
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
        random_cta_assignment(r, in_.warp_cta, p_.num_warps, p_.num_cta_slots);
      }
      if (r.chance(0.05)) random_stall_counts(r);
      if (r.chance(0.002)) {
        in_.warp_cta[r.below(p_.num_warps)] = static_cast<std::uint8_t>(r.below(p_.num_cta_slots));
      }
      in_.ready = r.mask(p_.num_warps, density_);
      return in_;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    // Mostly small counts, so that ties inside a CTA are common; sometimes any value.
    void random_stall_counts(Random& r) {
      const bool wide = r.chance(0.3);
      const unsigned max = (1u << p_.count_bits) - 1;
      for (unsigned w = 0; w < p_.num_warps; ++w) {
        in_.stall_count[w] =
            static_cast<std::uint16_t>(wide ? r.bits(p_.count_bits) : std::min(r.below(3), max));
      }
    }

    Params p_;
    PhasedStimulus s_;
    double density_ = 0.5;
    Block::In in_;
  };
};

}  // namespace wf::harness
