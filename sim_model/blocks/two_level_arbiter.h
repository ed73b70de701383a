// Two-level round-robin arbiter (Narasiman et al., MICRO 2011, section 3.2): warps are split
// into fetch groups of group_size consecutive warp ids (the last group may be smaller). The
// arbiter stays in the current group -- the group of the warp it granted last -- and goes round
// robin inside it, starting after that warp. When no warp of the current group requests, it
// moves on round robin: the first requesting warp after the last grant round the ring of warps,
// which is the lowest requesting warp of the next group (in group order, wrapping) that has
// one. After reset there is no current group and warp 0's group goes first.
//
// One block, two uses, with different Params:
//   issue arbiter (`--issue 2lev`): one per warp scheduler, request = ready, scheduler-local
//     warp ids (SM warp w is warp w / schedulers of scheduler w mod schedulers); groups of
//     [sm] fetch_group_size warps, the paper's 8 in both presets (gtx480: 24 warps per
//     scheduler = 3 groups);
//   fetch arbiter (`--fetch 2lev`): one per SM, request = eligible to fetch (I-buffer empty,
//     no I-cache miss pending), SM warp ids; groups of fetch_group_size x schedulers warps, so
//     that a fetch group is exactly the union of the schedulers' issue groups with the same
//     index (gtx480: 48 warps = 3 groups of 16).
// A group of at least the warps there are is one group: plain round robin.
// The paper switches groups when all warps of the group are stalled; here "stalled" is "not
// requesting this cycle", which is all a scheduler can see.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/fetch_groups.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class TwoLevelArbiter;

struct TwoLevelArbiterParams {
  using Block = TwoLevelArbiter;
  unsigned num_warps = 24;  // warps arbitrated (a scheduler's, or the SM's for fetch)
  unsigned group_size = 8;  // warps per fetch group

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // Two configurations: the issue arbiter of one scheduler and the fetch arbiter of the SM.
  static std::vector<TwoLevelArbiterParams> for_machine(const Machine& m);
  unsigned warp_bits() const { return clog2(num_warps); }
  unsigned num_groups() const { return (num_warps + group_size - 1) / group_size; }
};

class TwoLevelArbiter {
 public:
  using Params = TwoLevelArbiterParams;
  static constexpr const char* kName = "two_level_arbiter";

  struct In {
    // Bit w: warp w can go (issue: a valid, ready instruction; fetch: eligible to fetch).
    std::uint64_t request = 0;
  };
  struct Out {
    bool grant_valid = false;  // some warp is granted
    unsigned grant_warp = 0;   // the granted warp, 0 when none
    std::uint64_t grant = 0;   // one-hot grant_warp, zero when no grant
    bool operator==(const Out&) const = default;
  };

  explicit TwoLevelArbiter(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  void tick(const In& in) { tick(in, eval(in)); }
  // The same clock edge when the caller already has `out` = eval(in) (the SM's BlockSlot).
  void tick(const In& in, const Out& out);
  void reset();
  // Read-only state, for coverage models (harness/coverage/): the warp granted last, whose
  // group is the current group; none after reset.
  std::optional<unsigned> group_warp() const {
    return last_valid_ ? std::optional<unsigned>(last_) : std::nullopt;
  }

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  unsigned last_ = 0;        // the warp granted last; its group is the current group
  bool last_valid_ = false;  // false after reset: no current group yet
};

}  // namespace wf::blocks
