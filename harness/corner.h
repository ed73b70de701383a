// A corner: a named parameter set of one block, in its own parameters, that the tests run the
// block at beside the preset (`--corner NAME` of the RTL commands). A block declares its
// corners in its harness adapter (an optional `static std::vector<Corner> corners()`), so a new
// block with new parameters gets its ctest corners without editing any list outside its files.
// The names shared by the blocks, each block choosing its own values:
//   tiny       the smallest powers of two (equiv_tiny, prove_tiny)
//   large      the largest sizes (equiv_large)
//   odd        sizes that are not powers of two, where invariants and assumptions are not
//              trivially true (prove_odd_sizes)
//   odd_small  the smallest such sizes, fields of one bit (linted)
// and a block may add its own (the fetch-group arbiters' small_groups and uneven). Every
// corner is also linted (rtl_lint_all_parameter_sets) and checked by the coverage and
// properties unit tests.
#pragma once

#include <string>
#include <vector>

#include "sim_model/blocks/params.h"

namespace wf::harness {

struct Corner {
  std::string name;
  blocks::ParamList params;  // overrides of the preset's values, in the block's parameter names
};

// The corners of the arbiters that order CTAs by their warps' barrier state (mwf, saws), which
// share their parameters: warps, CTA slots and the largest CTA. odd_small's one-warp CTAs make
// the waiting counts one bit wide.
inline std::vector<Corner> cta_arbiter_corners() {
  return {{"tiny", {{"num_warps", "4"}, {"num_cta_slots", "2"}, {"max_warps_per_cta", "4"}}},
          {"large", {{"num_warps", "64"}, {"num_cta_slots", "16"}, {"max_warps_per_cta", "64"}}},
          {"odd", {{"num_warps", "6"}, {"num_cta_slots", "3"}, {"max_warps_per_cta", "5"}}},
          {"odd_small", {{"num_warps", "3"}, {"num_cta_slots", "3"}, {"max_warps_per_cta", "1"}}}};
}

}  // namespace wf::harness
