// The CTA orders of the CTA-then-warp arbiters (the MWF and SAWS arbiters and CFF's mwf and saws
// modes), as cases of the CTA that won among the CTA slots with a candidate warp:
//   most waiting first (sim_model/blocks/most_waiting_first.h): more waiting warps beat a
//     smaller slot, and a tie on a non-zero WPT count goes to the smaller slot;
//   first hit first (sim_model/blocks/first_hit_order.h): an earlier first hit beats a smaller
//     waiting slot, a waiting slot beats a smaller one not waiting, and first hits in the same
//     cycle go to the smaller slot. Which slots hit in this cycle is seen from the counts of
//     the previous cycle (none after reset, when the order is the idle one).
// Both take every cycle's candidates and winner (none when nothing is granted) and a reset, so
// that the CTA-then-warp coverage (cta_then_warp_coverage.h) can hold either.
#pragma once

#include <cstdint>
#include <optional>

#include "harness/coverage/coverage_table.h"

namespace wf::harness {

class MostWaitingCases {
 public:
  MostWaitingCases(CoverageTable& table, unsigned num_cta_slots);
  // `candidates` bit s: slot s has a candidate warp; `winner` the slot granted.
  void sample(std::uint32_t candidates, const std::uint8_t* count, std::optional<unsigned> winner);
  void reset() {}  // the order has no state

 private:
  CoverageTable& table_;
  unsigned num_cta_slots_;
  CoverageTable::Id more_waiting_wins_, tie_to_smaller_;
};

class FirstHitCases {
 public:
  FirstHitCases(CoverageTable& table, unsigned num_cta_slots);
  // Every cycle (the order follows the counts whether or not anything is granted).
  void sample(std::uint32_t candidates, const std::uint8_t* count, std::optional<unsigned> winner);
  void reset() { was_waiting_ = 0; }

 private:
  CoverageTable& table_;
  unsigned num_cta_slots_;
  std::uint32_t was_waiting_ = 0;
  CoverageTable::Id earlier_wins_, waiting_wins_, same_cycle_to_smaller_;
};

}  // namespace wf::harness
