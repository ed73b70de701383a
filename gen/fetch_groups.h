// Verilog for the fetch groups of two-level scheduling (mirrors
// sim_model/blocks/fetch_groups.h), shared by the two-level arbiter and CFF's 2lev mode.
#pragma once

#include <string>

namespace wf::gen {

// reg [n-1:0] <out>: the warps of the fetch group (group_size consecutive ids, clipped to n)
// that holds warp <warp>, an expression of clog2(n) bits below n. One compare per group
// boundary against constants; a single group is a constant.
std::string group_mask_block(const std::string& out, const std::string& warp, unsigned n,
                             unsigned group_size);

}  // namespace wf::gen
