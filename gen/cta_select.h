// Verilog for the CTA-then-warp selection of the CTA-priority arbiters (MWF, SAWS) and of the
// CFF fetch modes that follow them: a CTA order picks critical_cta among the CTAs that have a
// candidate warp, then the inner policy (lrr or gto) picks the warp inside it. Mirrors
// ctas_with_warps / warps_of_cta in sim_model/blocks/warp_select.h.
#pragma once

#include <functional>
#include <string>

namespace wf::gen {

struct CtaLayout {
  unsigned num_warps;
  unsigned num_cta_slots;
  unsigned cta_bits;
  unsigned count_bits;
};

// Verilog that, from the per-CTA candidate mask named by its argument, declares
// `reg [CTA_BITS-1:0] critical_cta` (the chosen CTA slot; any value when the mask is empty).
using CtaOrder = std::function<std::string(const std::string& has)>;

// reg [S-1:0] <out>: bit c set when some warp of <mask> belongs to CTA slot c.
std::string ctas_with_warps_block(const std::string& out, const std::string& mask,
                                  const CtaLayout& l);

// reg [N-1:0] <out>: the warps of <mask> that belong to critical_cta.
std::string warps_of_critical_cta_block(const std::string& out, const std::string& mask,
                                        const CtaLayout& l);

// Reads the per-CTA "issued last" state of critical_cta into critical_last_warp and, when
// <with_valid>, critical_last_valid.
std::string critical_last_block(const CtaLayout& l, unsigned warp_bits, bool with_valid);

// The whole selection over the warps of `mask` (ready_i or eligible_i): `cta_order` picks
// critical_cta among the CTAs with a candidate, then inside it round robin after the warp it
// issued last (lrr) or that warp again if it is in `mask`, else the smallest warp id (gto);
// drives grant_valid_o, grant_warp_o and grant_o. `what` names the candidates ("ready",
// "eligible") in signal names and comments; `greedy` names the gto "issued last and still a
// candidate" wire. Expects last_warp_q (and last_valid_q for gto) to be declared.
std::string cta_then_warp_select_block(const std::string& mask, const std::string& what,
                                       const std::string& greedy, const CtaLayout& l,
                                       unsigned warp_bits, bool gto, const CtaOrder& cta_order);

// The issue arbiters' per-CTA "issued last" registers: last_warp_q and, for gto, last_valid_q.
std::string issued_last_regs(const CtaLayout& l, unsigned warp_bits, bool gto);

// Their update: the granted warp becomes critical_cta's last warp (reset: every CTA starts
// its round robin at warp 0, and gto has no greedy warp).
std::string issued_last_update_block(const CtaLayout& l, unsigned warp_bits, bool gto);

}  // namespace wf::gen
