#include "harness/coverage/request_cases.h"

#include <bit>

#include "sim_model/blocks/warp_select.h"

namespace wf::harness {

RequestCases::RequestCases(CoverageTable& table, unsigned num_warps, const std::string& verb)
    : table_(table),
      all_(blocks::low_mask(num_warps)),
      none_(table.add("no warp " + verb)),
      one_(table.add("exactly one warp " + verb)),
      every_(table.add("every warp " + verb)) {}

void RequestCases::sample(std::uint64_t request) {
  table_.hit(none_, request == 0);
  table_.hit(one_, std::popcount(request) == 1);
  table_.hit(every_, request == all_);
}

}  // namespace wf::harness
