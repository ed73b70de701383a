// GTO's oldest-first order (the GTO arbiter, CFF's gto mode): the smallest (CTA age, warp id) among
// the candidates. Its cases: an older CTA beats a lower warp id (age decides), and two CTA slots
// of equal age (the dispatcher may tie them) go to the lower warp (the id decides across CTAs).
#pragma once

#include <cstdint>

#include "harness/coverage/coverage_table.h"

namespace wf::harness {

class AgeOrderCases {
 public:
  AgeOrderCases(CoverageTable& table, unsigned num_warps);
  // A grant the oldest-first order made among `candidates`.
  void sample(std::uint64_t candidates, const std::uint8_t* warp_cta, const std::uint8_t* cta_age,
              unsigned grant);

 private:
  CoverageTable& table_;
  unsigned num_warps_;
  CoverageTable::Id older_wins_, tie_to_lower_;
};

}  // namespace wf::harness
