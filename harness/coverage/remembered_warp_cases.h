// The two ways an arbiter uses the warp it remembers (the warp granted, fetched or issued last),
// as cases of one grant among `candidates`:
//   round robin (lrr, fef ties, two-level, inner lrr): the scan from after the remembered warp
//     wraps around (the grant is below it), and the remembered warp is a candidate but another
//     one goes first;
//   greedy (gto, inner gto): the remembered warp is held while another candidate could go, and
//     it has stalled so that the fallback order decides.
// Without a remembered warp (after reset, or none granted yet) neither case applies.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "harness/coverage/coverage_table.h"

namespace wf::harness {

class RoundRobinCases {
 public:
  // `scope` names the rule and the remembered warp; it prefixes the point names ("round robin
  // after the warp issued last", "inside the CTA, greedy on its warp issued last").
  RoundRobinCases(CoverageTable& table, const std::string& scope, bool listed = true);
  void sample(std::uint64_t candidates, unsigned grant, std::optional<unsigned> last);

 private:
  CoverageTable& table_;
  CoverageTable::Id wraps_, passes_over_;
};

class GreedyCases {
 public:
  GreedyCases(CoverageTable& table, const std::string& scope, bool listed = true);
  void sample(std::uint64_t candidates, unsigned grant, std::optional<unsigned> last);

 private:
  CoverageTable& table_;
  CoverageTable::Id holds_, stalled_;
};

}  // namespace wf::harness
