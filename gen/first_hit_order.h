// Verilog for the CTA order of SAWS (first barrier hit first), shared by the SAWS issue arbiter
// and the CFF fetch arbiter's saws modes (mirrors sim_model/blocks/first_hit_order.h).
#pragma once

#include <string>

#include "gen/cta_select.h"

namespace wf::gen {

// The order's state and its update: hit_waiting (this cycle, from wpt_count_i) and
// hit_before_d / hit_before_q (one bit per slot pair i < j, set when i ranks before j: this
// cycle's order and the recorded one), written every cycle.
std::string first_hit_state_block(const CtaLayout& l);

// critical_cta: the CTA of <has> that ranks before every other CTA of <has>.
std::string first_hit_cta_block(const std::string& has, const CtaLayout& l);

// The whole SAWS selection over the warps of `mask`: the first-hit state, then
// cta_then_warp_select_block with the first-hit CTA order (see there for the arguments).
std::string saws_select_block(const std::string& mask, const std::string& what,
                              const std::string& greedy, const CtaLayout& l, unsigned warp_bits,
                              bool gto);

}  // namespace wf::gen
