// Verilog for the CTA order of most-waiting-first, shared by the MWF issue arbiter and the CFF
// fetch arbiter (mirrors sim_model/blocks/most_waiting_first.h).
#pragma once

#include <string>

#include "gen/cta_select.h"

namespace wf::gen {

// The critical CTA: among <has> the largest wpt_count_i, ties to the smaller slot. Declares
// critical_found, critical_cta, critical_count.
std::string critical_cta_block(const std::string& has, const CtaLayout& l);

// The whole most-waiting-first selection over the warps of `mask` (ready_i or eligible_i):
// cta_then_warp_select_block with the MWF CTA order.
std::string mwf_select_block(const std::string& mask, const std::string& what,
                             const std::string& greedy, const CtaLayout& l, unsigned warp_bits,
                             bool gto);

}  // namespace wf::gen
