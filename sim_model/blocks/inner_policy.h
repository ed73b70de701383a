// The policy inside the chosen CTA of the CTA-priority issue arbiters (MWF, SAWS):
//   lrr: round robin, starting after the warp this CTA issued last;
//   gto: the warp this CTA issued last if it can issue, else the CTA's smallest warp id.
#pragma once

namespace wf::blocks {

enum class InnerPolicy { kLrr, kGto };

}  // namespace wf::blocks
