// Scheduling policies by name, as `warpforge sim --issue/--fetch` spell them, and how a fetch
// policy pairs with an issue policy on the CFF fetch arbiter block.
#pragma once

#include <string>

#include "sim_model/blocks/cff_fetch_arbiter.h"

namespace wf::sm {

// saws: SAWS's CTA order (first barrier hit first) with GTO inside a CTA, as SAWS builds on GTO.
// 2lev: two-level round robin over fetch groups (Narasiman et al.).
enum class IssuePolicy { kLrr, kGto, kMwfLrr, kMwfGto, kSaws, kTwoLevel };
// fef: fewest I-buffer entries first (BAWS Fig. 9); 2lev: fetch groups as the issue 2lev.
enum class FetchPolicy { kLrr, kCff, kFef, kTwoLevel };

// Throw UsageError naming the option and the accepted names.
IssuePolicy parse_issue_policy(const std::string& name);
FetchPolicy parse_fetch_policy(const std::string& name);
std::string to_string(IssuePolicy p);
std::string to_string(FetchPolicy p);

// The CFF fetch arbiter's mode. `lrr` fetch is the baseline round robin whatever the issue
// policy. `cff` fetches for the warp the issue policy would pick next: gto -> gto, mwf-lrr ->
// mwf_lrr, mwf-gto -> mwf_gto, saws -> saws_gto, 2lev -> 2lev. For lrr issue the next warp to
// issue is the round-robin successor, which is what the block's lrr mode already does, so cff
// with lrr issue degenerates to lrr fetch. Only for the lrr and cff fetch policies.
blocks::FetchMode fetch_mode(IssuePolicy issue, FetchPolicy fetch);

}  // namespace wf::sm
