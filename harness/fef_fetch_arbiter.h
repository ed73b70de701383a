// Harness adapter for fef_fetch_arbiter: port copy and constrained-random stimulus.
#pragma once

#include "gen/fef_fetch_arbiter.h"
#include "gen/properties/fef_fetch_arbiter.h"
#include "harness/corner.h"
#include "harness/coverage/fef_fetch_arbiter.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/fef_fetch_arbiter.h"

namespace wf::harness {

struct FefFetchArbiterHarness {
  using Block = blocks::FefFetchArbiter;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/fef_fetch_arbiter.h).
  using Coverage = FefFetchArbiterCoverage;
  static constexpr const char* kHeader = "harness/fef_fetch_arbiter.h";
  static constexpr const char* kType = "wf::harness::FefFetchArbiterHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h); uneven: an I-buffer depth whose entry counts do not
  // fill their field.
  static std::vector<Corner> corners() {
    return {{"tiny", {{"num_warps", "4"}}},
            {"large", {{"num_warps", "64"}}},
            {"odd", {{"num_warps", "6"}}},
            {"odd_small", {{"num_warps", "3"}}},
            {"uneven", {{"num_warps", "10"}, {"ibuffer_depth", "3"}}}};
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.eligible_i, ports[0].value);
    set_port(v.entries_i, ports[1].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no warp
  // eligible, the entry counts held.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.eligible = ports[0].value.get_field(0, p.num_warps);
    blocks::unpack_fields(ports[1].value, in.entries, p.num_warps, p.entry_bits());
    return in;
  }
  static Block::In idle(Block::In held) {
    held.eligible = 0;
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
        static constexpr double kChurn[] = {0.0, 0.02, 0.2, 1.0};
        churn_ = kChurn[r.below(4)];
        // Sometimes every warp holds the same count, so that only the round robin decides.
        uniform_ = r.chance(0.2);
      }
      const unsigned depth = p_.ibuffer_depth;
      const unsigned max = (1u << p_.entry_bits()) - 1;
      const unsigned same = r.below(depth + 1);
      for (unsigned w = 0; w < p_.num_warps; ++w) {
        if (uniform_) {
          in_.entries[w] = static_cast<std::uint8_t>(same);
        } else if (r.chance(churn_)) {
          // Mostly what an I-buffer holds; now and then any value the port can carry.
          in_.entries[w] =
              static_cast<std::uint8_t>(r.chance(0.95) ? r.below(depth + 1) : r.below(max + 1));
        }
      }
      in_.eligible = r.mask(p_.num_warps, density_);
      return in_;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    Params p_;
    PhasedStimulus s_;
    double density_ = 0.5;
    double churn_ = 0.2;
    bool uniform_ = false;
    Block::In in_;
  };
};

}  // namespace wf::harness
