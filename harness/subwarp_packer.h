// Harness adapter for subwarp_packer: port copy and constrained-random stimulus.
#pragma once

#include <fmt/core.h>

#include "gen/properties/subwarp_packer.h"
#include "gen/subwarp_packer.h"
#include "harness/corner.h"
#include "harness/coverage/subwarp_packer.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/subwarp_packer.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

struct SubwarpPackerHarness {
  using Block = blocks::SubwarpPacker;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/subwarp_packer.h).
  using Coverage = SubwarpPackerCoverage;
  static constexpr const char* kHeader = "harness/subwarp_packer.h";
  static constexpr const char* kType = "wf::harness::SubwarpPackerHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h): tiny is one row of 24 lanes (no row-index port),
  // large 16 x 64, odd 12 x 12, where the row IDs have unused codes.
  static std::vector<Corner> corners() {
    return {{"tiny", {{"num_rows", "1"}, {"num_lanes", "24"}}},
            {"large", {{"num_rows", "16"}, {"num_lanes", "64"}}},
            {"odd", {{"num_rows", "12"}, {"num_lanes", "12"}}}};
  }
  // For `warpforge area`: the paper's figure and what the flip-flops count of it.
  static std::string paper_storage(const Params& p) {
    const unsigned copy = p.num_rows * p.num_lanes;
    return fmt::format(
        "the paper (Narasiman et al., MICRO 2011, sec. 3.3) counts {} bits for 256-thread "
        "large warps: the 256-bit copy of the active mask that sub-warping clears (here {} x {} "
        "= {} bits, plus the 2-bit mode) and two 256-bit temporary active-mask buffers for the "
        "paths of a branch (512 bits, held by the SIMT-stack update, not this block: not "
        "counted); the register file's per-lane address decoders are not storage (not counted)",
        Params::kPaperStorageBits, p.num_rows, p.num_lanes, copy);
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.load_valid_i, ports[0].value);
    set_port(v.mode_i, ports[1].value);
    set_port(v.active_mask_i, ports[2].value);
    set_port(v.subwarp_ready_i, ports[3].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles the cycle model did not call the block: no load and nothing
  // taken, so the offered sub-warp waits.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.load_valid = ports[0].value.bit(0);
    in.mode = static_cast<std::uint8_t>(ports[1].value.get_field(0, 2));
    for (unsigned r = 0; r < p.num_rows; ++r)
      in.active_mask[r] = ports[2].value.get_field(r * p.num_lanes, p.num_lanes);
    in.subwarp_ready = ports[3].value.bit(0);
    return in;
  }
  static Block::In idle(Block::In held) {
    held.load_valid = false;
    held.subwarp_ready = false;
    return held;
  }

  template <class V>
  static Block::Out read(const V& v, const Params& p) {
    Block::Out o;
    o.load_ready = v.load_ready_o;
    o.subwarp_valid = v.subwarp_valid_o;
    o.subwarp_mask = get_port(v.subwarp_mask_o, p.num_lanes).get_field(0, p.num_lanes);
    // One row: no row-index port, the rows stay 0.
    if constexpr (requires { v.subwarp_row_o; })
      blocks::unpack_fields(get_port(v.subwarp_row_o, p.num_lanes * p.row_bits()), o.row,
                            p.num_lanes, p.row_bits());
    o.done = v.done_o;
    return o;
  }

  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed) : p_(p), s_(seed) {}
    Block::In next() {
      auto& r = s_.rng();
      if (s_.advance()) {
        load_density_ = r.density();
        ready_density_ = r.density();
        thread_density_ = r.density();
        // Phases that mix every kind of mask and mode, and phases of one kind.
        style_ = r.chance(0.5) ? kMixed : r.below(kStyles);
        mode_ = r.chance(0.5) ? 4 : r.below(4);
      }
      Block::In in;
      in.load_valid = r.chance(load_density_);
      in.subwarp_ready = r.chance(ready_density_);
      in.mode = static_cast<std::uint8_t>(mode_ < 4 ? mode_ : r.below(4));
      if (in.load_valid) fill_mask(in, style_ == kMixed ? r.below(kStyles) : style_);
      return in;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    static constexpr unsigned kStyles = 8;
    static constexpr unsigned kMixed = kStyles;

    // The shapes divergence gives a large warp's active mask.
    void fill_mask(Block::In& in, unsigned style) {
      auto& r = s_.rng();
      const unsigned k = p_.num_rows, n = p_.num_lanes;
      const std::uint64_t lanes = blocks::low_mask(n);
      auto& m = in.active_mask;
      switch (style) {
        case 0:  // every thread with the phase's density
          for (unsigned row = 0; row < k; ++row) m[row] = r.mask(n, thread_density_);
          break;
        case 1:  // full
          for (unsigned row = 0; row < k; ++row) m[row] = lanes;
          break;
        case 2:  // empty
          break;
        case 3:  // one row
          m[r.below(k)] = r.chance(0.5) ? lanes : r.bits(n);
          break;
        case 4: {  // one full column over a sparse rest
          const std::uint64_t column = std::uint64_t{1} << r.below(n);
          for (unsigned row = 0; row < k; ++row) m[row] = column | r.mask(n, 0.1);
          break;
        }
        case 5:  // a single thread
          m[r.below(k)] = std::uint64_t{1} << r.below(n);
          break;
        case 6:  // whole rows on or off
          for (unsigned row = 0; row < k; ++row) m[row] = r.chance(0.5) ? lanes : 0;
          break;
        default: {  // whole columns on or off, in a random set of rows
          const std::uint64_t columns = r.bits(n);
          for (unsigned row = 0; row < k; ++row) m[row] = r.chance(0.7) ? columns : 0;
          break;
        }
      }
    }

    Params p_;
    PhasedStimulus s_;
    double load_density_ = 0.5;
    double ready_density_ = 0.5;
    double thread_density_ = 0.5;
    unsigned style_ = kMixed;
    unsigned mode_ = 4;  // 0..3: every load in that mode; 4: each load draws one
  };
};

}  // namespace wf::harness
