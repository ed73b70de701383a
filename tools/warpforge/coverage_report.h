// How the commands show an equivalence run's functional coverage (harness/coverage/): a
// summary for the result line, the points never hit, and the whole table.
#pragma once

#include <cstddef>
#include <string>

#include "harness/equiv_result.h"

namespace wf::cli {

// "coverage 58/61".
std::string coverage_summary(const harness::EquivResult& r);

// One "  never hit: POINT" line per point never hit, at most `limit` of them (then a line
// saying how many more and where to see them).
std::string format_missed(const harness::EquivResult& r, std::size_t limit = 12);

// Every point with its hits, one a line, in the coverage model's order.
std::string format_coverage_table(const harness::EquivResult& r);

}  // namespace wf::cli
