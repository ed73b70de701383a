// BLOCKLAT's SM-throttling controller (Algorithm 2 of the BLOCKLAT paper, the supplemental
// technique to its warp scheduler): one per GPU, in the global CTA dispatcher. At the end of
// every dispatch round its caller hands it the round's DRAM-full stall cycles and its
// interconnect-to-SM stall cycles; it compares their sum, the round's contention, with the last
// round's and moves n, the number of SMs that receive new CTAs:
//   contention > last and n > 2        -> n - 1
//   else contention < last and n < N   -> n + 1
//   else                               -> n
// then last := contention. A cycle without a round's end (valid = 0) changes nothing. After
// reset n = N (num_sms, the paper's max_n_SM) and last = 0 (its initial last_contention_degree).
// Decisions the paper leaves open:
//   - Contention is the sum of the two counts, one bit wider than they are, not divided by the
//     round's cycles: the caller's rounds all last the same number of cycles, so the division
//     scales both sides of every comparison alike and drops out.
//   - The garbled lines 15-16 read as the prose says: a lower contention raises n by one, up to
//     N. Line 18's "n = last_n_issued_SM" keeps n (last_n_issued_SM always equals n there).
//   - For N <= 2 the rule "n > 2" never lets n drop: n stays N. The counts are the caller's,
//     saturated by it to count_bits; the block ignores any higher bits.
//   - Which SMs are the n that receive CTAs is the dispatcher's; it enables min(n, SMs). A
//     machine of one or two SMs gets a controller of four (for_machine): n stays >= 2, so every
//     SM is enabled, as the paper's unmoving n would have it, and every output bit can move.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class SmThrottleController;

struct SmThrottleControllerParams {
  using Block = SmThrottleController;
  unsigned num_sms = 15;     // N: SMs of the GPU, the largest n
  unsigned count_bits = 16;  // width of each of the round's two stall counts

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  static std::vector<SmThrottleControllerParams> for_machine(const Machine& m);
  unsigned enabled_bits() const { return count_width(num_sms); }
  unsigned contention_bits() const { return count_bits + 1; }
  std::uint32_t count_mask() const { return (std::uint32_t{1} << count_bits) - 1; }
  // The smallest n: 2, or N when N is smaller (n never drops then).
  unsigned lowest() const { return num_sms < 2 ? num_sms : 2; }
};

class SmThrottleController {
 public:
  using Params = SmThrottleControllerParams;
  static constexpr const char* kName = "sm_throttle_controller";

  struct In {
    bool valid = false;            // a dispatch round ended this cycle
    std::uint32_t dram_full = 0;   // the round's cycles in which a DRAM queue refused a request
    std::uint32_t icnt_stall = 0;  // the round's cycles in which a reply could not enter an SM
  };
  struct Out {
    std::uint16_t enabled = 0;  // n: SMs that receive new CTAs
    bool operator==(const Out&) const = default;
  };
  // What the edge after a cycle does to n.
  enum class Decision { kNone, kLower, kRaise, kKeep };

  explicit SmThrottleController(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In&) const { return Out{enabled_}; }
  void tick(const In& in);
  void reset();

  // Read-only state for the coverage model.
  std::uint32_t last_contention() const { return last_; }
  // The round's contention: the two counts (their low count_bits bits) added.
  std::uint32_t contention(const In& in) const {
    return (in.dram_full & p_.count_mask()) + (in.icnt_stall & p_.count_mask());
  }
  // The rule the edge after a cycle with input `in` applies (kNone without a round's end).
  Decision decision(const In& in) const;

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  std::uint16_t enabled_ = 0;
  std::uint32_t last_ = 0;  // the last round's contention
};

}  // namespace wf::blocks
