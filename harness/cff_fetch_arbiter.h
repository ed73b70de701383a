// Harness adapter for cff_fetch_arbiter: port copy and constrained-random stimulus.
#pragma once

#include "gen/cff_fetch_arbiter.h"
#include "gen/properties/cff_fetch_arbiter.h"
#include "harness/corner.h"
#include "harness/coverage/cff_fetch_arbiter.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/cff_fetch_arbiter.h"
#include "sim_model/blocks/fetch_groups.h"

namespace wf::harness {

struct CffFetchArbiterHarness {
  using Block = blocks::CffFetchArbiter;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/cff_fetch_arbiter.h).
  using Coverage = CffFetchArbiterCoverage;
  static constexpr const char* kHeader = "harness/cff_fetch_arbiter.h";
  static constexpr const char* kType = "wf::harness::CffFetchArbiterHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h); small_groups: in mode 2lev, two fetch groups of 2
  // (the other corners leave 4 or 6 warps one group).
  static std::vector<Corner> corners() {
    return {{"tiny", {{"num_warps", "4"}, {"num_cta_slots", "2"}, {"max_warps_per_cta", "4"}}},
            {"large", {{"num_warps", "64"}, {"num_cta_slots", "16"}, {"max_warps_per_cta", "64"}}},
            {"odd",
             {{"num_warps", "6"},
              {"num_cta_slots", "3"},
              {"max_warps_per_cta", "5"},
              {"num_issue_ports", "3"}}},
            {"odd_small", {{"num_warps", "3"}, {"num_cta_slots", "3"}, {"max_warps_per_cta", "1"}}},
            {"small_groups", {{"num_warps", "4"}, {"group_size", "2"}, {"mode", "2lev"}}}};
  }

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
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no warp
  // eligible and no issue, the other ports hold their values.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.eligible = ports[0].value.get_field(0, p.num_warps);
    blocks::unpack_fields(ports[1].value, in.warp_cta, p.num_warps, p.cta_bits());
    blocks::unpack_fields(ports[2].value, in.wpt_count, p.num_cta_slots, p.count_bits());
    blocks::unpack_fields(ports[3].value, in.cta_age, p.num_cta_slots, p.cta_bits());
    blocks::unpack_fields(ports[4].value, in.issue_valid, p.num_issue_ports, 1);
    blocks::unpack_fields(ports[5].value, in.issue_warp, p.num_issue_ports, p.warp_bits());
    return in;
  }
  static Block::In idle(Block::In held) {
    held.eligible = 0;
    held.issue_valid.fill(false);
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
        issue_density_ = r.density();
        random_cta_assignment(r, in_.warp_cta, p_.num_warps, p_.num_cta_slots);
        for (unsigned c = 0; c < p_.num_cta_slots; ++c)
          in_.cta_age[c] = static_cast<std::uint8_t>(r.bits(p_.cta_bits()));
        static constexpr double kRates[] = {0.002, 0.01, 0.05, 0.3};
        barrier_rate_ = kRates[r.below(4)];
        static constexpr double kMoves[] = {0.0, 0.005, 0.05, 0.3};
        group_move_ = kMoves[r.below(4)];
        busy_groups_ = r.bits(64);
      }
      if (p_.saws()) {
        // First hits and releases as the barrier unit makes them, now and then a jump.
        barrier_counts(r, in_.wpt_count, p_.num_cta_slots, p_.count_bits(), barrier_rate_);
        if (r.chance(0.002)) random_counts(r, in_.wpt_count, p_.num_cta_slots, p_.count_bits());
      } else if (r.chance(0.05)) {
        random_counts(r, in_.wpt_count, p_.num_cta_slots, p_.count_bits());
      }
      in_.eligible = r.mask(p_.num_warps, density_);
      if (p_.mode == blocks::FetchMode::kTwoLevel) two_level_groups(r);
      for (unsigned k = 0; k < p_.num_issue_ports; ++k) {
        in_.issue_valid[k] = r.chance(issue_density_);
        // Schedulers own interleaved warps (w mod ports); sometimes any warp.
        unsigned w = r.below(p_.num_warps);
        if (p_.mode == blocks::FetchMode::kTwoLevel && r.chance(0.9)) {
          // Two-level schedulers stay in a fetch group for a while.
          w = issue_group_[k] * p_.group_size + r.below(p_.group_size);
        }
        if (r.chance(0.8)) w = (w - w % p_.num_issue_ports + k) % p_.num_warps;
        in_.issue_warp[k] = static_cast<std::uint8_t>(w % p_.num_warps);
      }
      return in_;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    // 2lev: each scheduler sits in a fetch group and moves on now and then; whole groups go
    // ineligible (all their I-buffers full, or all missing in the I-cache) so that the
    // fallback to the other groups is exercised.
    void two_level_groups(Random& r) {
      const unsigned groups = (p_.num_warps + p_.group_size - 1) / p_.group_size;
      std::uint64_t mask = 0;
      for (unsigned g = 0; g < groups; ++g) {
        if (r.chance(group_move_)) busy_groups_ ^= std::uint64_t{1} << g;
        if ((busy_groups_ >> g) & 1)
          mask |= blocks::fetch_group_mask(g * p_.group_size, p_.group_size, p_.num_warps);
      }
      in_.eligible &= mask;
      for (unsigned k = 0; k < p_.num_issue_ports; ++k) {
        if (r.chance(group_move_)) issue_group_[k] = (issue_group_[k] + 1) % groups;
      }
    }

    Params p_;
    PhasedStimulus s_;
    double density_ = 0.5;
    double issue_density_ = 0.5;
    double barrier_rate_ = 0.01;
    double group_move_ = 0.05;
    std::uint64_t busy_groups_ = ~std::uint64_t{0};
    std::array<unsigned, Block::kMaxPorts> issue_group_{};
    Block::In in_;
  };
};

}  // namespace wf::harness
