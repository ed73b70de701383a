// BLOCKLAT issue arbiter (the paper's warp scheduler, Algorithm 1 steps 2 and 3): inside a CTA
// the warps are ordered by their stall cycles, most first ("L-warps before S-warps", sorted in
// descending order of stall cycles); the CTAs take turns. The stall counts come from the
// stall counter bank block as an input: the bank is the paper's per-warp counters, this block
// its comparison logic, so either can be exchanged or verified alone.
//
// Decisions the paper leaves open:
// - CTA round robin: the grant goes to the first CTA slot after the slot that issued last,
//   round the ring of CTA slots, that has a ready warp (the slot that issued last comes last,
//   so a CTA issues again only when no other CTA has a ready warp). After reset the ring
//   starts at slot 0.
// - Inside that CTA: the ready warp with the largest stall count; ties to the lower warp id.
// Warps carry their CTA slot as an input, so a CTA's warps need not be contiguous.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class BlocklatArbiter;

struct BlocklatArbiterParams {
  using Block = BlocklatArbiter;
  unsigned num_warps = 24;     // warps arbitrated by this scheduler
  unsigned num_cta_slots = 8;  // CTA slots per SM
  unsigned count_bits = 11;    // width of a stall count (the stall counter bank's)

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configurations a machine preset uses: one, a scheduler's.
  static std::vector<BlocklatArbiterParams> for_machine(const Machine& m);
  unsigned warp_bits() const { return clog2(num_warps); }
  unsigned cta_bits() const { return clog2(num_cta_slots); }
};

class BlocklatArbiter {
 public:
  using Params = BlocklatArbiterParams;
  static constexpr const char* kName = "blocklat_arbiter";
  static constexpr unsigned kMaxWarps = 64;

  struct In {
    std::uint64_t ready = 0;
    std::array<std::uint8_t, kMaxWarps> warp_cta{};
    std::array<std::uint16_t, kMaxWarps> stall_count{};  // the stall counter bank's count_o
  };
  struct Out {
    bool grant_valid = false;
    unsigned grant_warp = 0;
    std::uint64_t grant = 0;
    bool operator==(const Out&) const = default;
  };

  explicit BlocklatArbiter(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  void tick(const In& in) { tick(in, eval(in)); }
  // The same clock edge when the caller already has `out` = eval(in) (the SM's BlockSlot).
  void tick(const In& in, const Out& out);
  // Round robin starts after the last slot: slot 0 goes first after reset.
  void reset() { last_cta_ = p_.num_cta_slots - 1; }
  // Read-only state, for the coverage model: the CTA slot that issued last.
  unsigned last_cta() const { return last_cta_; }

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  unsigned last_cta_ = 0;
};

}  // namespace wf::blocks
