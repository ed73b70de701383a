// The part of a coverage model every block shares: the table of the block's own cases (filled
// by the derived model, harness/coverage/<block>.h) and toggle coverage of every output bit.
// A model is driven by the equivalence and replay engines:
//   sample(model, in, out)  every compared cycle, with the golden model before its clock edge
//                           and its output (equal to the RTL's while the run passes);
//   reset()                 when the block is reset at that edge instead of ticking.
// Where a case depends on the block's state (the warp granted last), the model's read-only
// accessors give it: the coverage never keeps a second copy of a policy's state.
#pragma once

#include <optional>
#include <vector>

#include "harness/coverage/coverage_table.h"
#include "harness/coverage/toggle_coverage.h"

namespace wf::harness {

template <class Block>
class BlockCoverage {
 public:
  using Params = typename Block::Params;
  using In = typename Block::In;
  using Out = typename Block::Out;

  explicit BlockCoverage(const Params& p) : p_(p), toggles_(Block::out_ports(p, Out{})) {}

  void reset() {}

  // The block's cases first, then the toggles, each in declaration order.
  std::vector<CoveragePoint> report() const {
    std::vector<CoveragePoint> out = cases_.points();
    const auto& t = toggles_.table().points();
    out.insert(out.end(), t.begin(), t.end());
    return out;
  }

 protected:
  // Call once per sample(), with the cycle's output.
  void sample_outputs(const Out& out) {
    if (last_ && *last_ == out) return;  // nothing toggled; skips the port formatting
    toggles_.sample(Block::out_ports(p_, out));
    last_ = out;
  }

  Params p_;
  CoverageTable cases_;

 private:
  ToggleCoverage toggles_;
  std::optional<Out> last_;
};

}  // namespace wf::harness
