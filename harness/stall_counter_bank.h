// Harness adapter for stall_counter_bank: port copy and constrained-random stimulus.
#pragma once

#include <fmt/format.h>

#include "gen/properties/stall_counter_bank.h"
#include "gen/stall_counter_bank.h"
#include "harness/corner.h"
#include "harness/coverage/stall_counter_bank.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/stall_counter_bank.h"

namespace wf::harness {

struct StallCounterBankHarness {
  using Block = blocks::StallCounterBank;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/stall_counter_bank.h).
  using Coverage = StallCounterBankCoverage;
  static constexpr const char* kHeader = "harness/stall_counter_bank.h";
  static constexpr const char* kType = "wf::harness::StallCounterBankHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h). `large` keeps 12-bit counters: the stimulus must
  // still stall a warp 2^12 cycles between resets to toggle every counter bit.
  static std::vector<Corner> corners() {
    return {{"tiny", {{"num_warps", "4"}, {"count_bits", "2"}}},
            {"large", {{"num_warps", "64"}, {"count_bits", "12"}}},
            {"odd", {{"num_warps", "6"}, {"count_bits", "3"}}},
            {"odd_small", {{"num_warps", "3"}, {"count_bits", "1"}}}};
  }

  // For `warpforge area`: the paper's count of counters beside this bank's.
  static std::string paper_storage(const Params& p) {
    return fmt::format(
        "BLOCKLAT (sec. 5) gives one stall counter per hardware warp, 32 per SM on its 32-warp "
        "SM, and names no width; this bank is one warp scheduler's {} counters of {} bits "
        "({} bits); an SM has one bank per scheduler",
        p.num_warps, p.count_bits, p.num_warps * p.count_bits);
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.stall_i, ports[0].value);
    set_port(v.clear_i, ports[1].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no stall and no
  // clear, so every counter holds.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.stall = ports[0].value.get_field(0, p.num_warps);
    in.clear = ports[1].value.get_field(0, p.num_warps);
    return in;
  }
  static Block::In idle(Block::In held) {
    held.stall = 0;
    held.clear = 0;
    return held;
  }

  template <class V>
  static Block::Out read(const V& v, const Params& p) {
    Block::Out o;
    const auto bits = get_port(v.count_o, p.num_warps * p.count_bits);
    blocks::unpack_fields(bits, o.count, p.num_warps, p.count_bits);
    return o;
  }

  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed) : p_(p), s_(seed) {}
    Block::In next() {
      auto& r = s_.rng();
      if (s_.advance()) {
        stall_density_ = r.density();
        // Phases without clears let counters climb to saturation; the others clear often.
        clear_chance_ = r.chance(0.3) ? 0.01 : 0.0;
      }
      Block::In in;
      in.stall = r.mask(p_.num_warps, stall_density_);
      if (clear_chance_ > 0) in.clear = r.mask(p_.num_warps, clear_chance_);
      return in;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    Params p_;
    PhasedStimulus s_;
    double stall_density_ = 0.5;
    double clear_chance_ = 0.0;
  };
};

}  // namespace wf::harness
