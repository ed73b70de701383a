// Verilog for the CTA order of most-waiting-first, shared by the MWF issue arbiter and the CFF
// fetch arbiter (mirrors sim_model/blocks/most_waiting_first.h).
#pragma once

#include <string>

namespace wf::gen {

struct CtaLayout {
  unsigned num_warps;
  unsigned num_cta_slots;
  unsigned cta_bits;
  unsigned count_bits;
};

// reg [S-1:0] <out>: bit c set when some warp of <mask> belongs to CTA slot c.
std::string ctas_with_warps_block(const std::string& out, const std::string& mask,
                                  const CtaLayout& l);

// The critical CTA: among <has> the largest wpt_count_i, ties to the smaller slot. Declares
// critical_found, critical_cta, critical_count.
std::string critical_cta_block(const std::string& has, const CtaLayout& l);

// reg [N-1:0] <out>: the warps of <mask> that belong to critical_cta.
std::string warps_of_critical_cta_block(const std::string& out, const std::string& mask,
                                        const CtaLayout& l);

// Reads the per-CTA "issued last" state of critical_cta into critical_last_warp and, when
// <with_valid>, critical_last_valid.
std::string critical_last_block(const CtaLayout& l, unsigned warp_bits, bool with_valid);

// The whole most-waiting-first selection over the warps of `mask` (ready_i or eligible_i):
// the critical CTA, then inside it round robin after the warp it issued last (lrr) or that warp
// again if it is in `mask`, else the smallest warp id (gto); drives grant_valid_o,
// grant_warp_o and grant_o. `what` names the candidates ("ready", "eligible") in signal names
// and comments; `greedy` names the gto "issued last and still a candidate" wire. Expects
// last_warp_q (and last_valid_q for gto) to be declared.
std::string mwf_select_block(const std::string& mask, const std::string& what,
                             const std::string& greedy, const CtaLayout& l, unsigned warp_bits,
                             bool gto);

}  // namespace wf::gen
