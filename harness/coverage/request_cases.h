// The request cases every arbiter has: no request (the grant outputs must go idle), exactly one
// requester (it must win whatever the priority state), every warp requesting (the priority
// state alone decides).
#pragma once

#include <cstdint>
#include <string>

#include "harness/coverage/coverage_table.h"

namespace wf::harness {

class RequestCases {
 public:
  // `verb` is how the block's request reads in a point name: "ready", "requesting", "eligible".
  RequestCases(CoverageTable& table, unsigned num_warps, const std::string& verb);
  // `request` masked to the block's warps.
  void sample(std::uint64_t request);

 private:
  CoverageTable& table_;
  std::uint64_t all_;
  CoverageTable::Id none_, one_, every_;
};

}  // namespace wf::harness
