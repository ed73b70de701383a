// Harness adapter for cff_fetch_arbiter: port copy and constrained-random stimulus.
#pragma once

#include "gen/cff_fetch_arbiter.h"
#include "gen/properties/cff_fetch_arbiter.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/cff_fetch_arbiter.h"

namespace wf::harness {

struct CffFetchArbiterHarness {
  using Block = blocks::CffFetchArbiter;
  using Params = Block::Params;
  static constexpr const char* kHeader = "harness/cff_fetch_arbiter.h";
  static constexpr const char* kType = "wf::harness::CffFetchArbiterHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.eligible_i, ports[0].value);
    set_port(v.warp_cta_i, ports[1].value);
    set_port(v.wpt_count_i, ports[2].value);
    set_port(v.cta_age_i, ports[3].value);
    set_port(v.issue_valid_i, ports[4].value);
    set_port(v.issue_warp_i, ports[5].value);
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
        issue_density_ = r.density();
        random_cta_assignment(r, in_.warp_cta, p_.num_warps, p_.num_cta_slots);
        for (unsigned c = 0; c < p_.num_cta_slots; ++c)
          in_.cta_age[c] = static_cast<std::uint8_t>(r.bits(p_.cta_bits()));
      }
      if (r.chance(0.05)) random_counts(r, in_.wpt_count, p_.num_cta_slots, p_.count_bits());
      in_.eligible = r.mask(p_.num_warps, density_);
      for (unsigned k = 0; k < p_.num_issue_ports; ++k) {
        in_.issue_valid[k] = r.chance(issue_density_);
        // Schedulers own interleaved warps (w mod ports); sometimes any warp.
        unsigned w = r.below(p_.num_warps);
        if (r.chance(0.8)) w = (w - w % p_.num_issue_ports + k) % p_.num_warps;
        in_.issue_warp[k] = static_cast<std::uint8_t>(w);
      }
      return in_;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    Params p_;
    PhasedStimulus s_;
    double density_ = 0.5;
    double issue_density_ = 0.5;
    Block::In in_;
  };
};

}  // namespace wf::harness
