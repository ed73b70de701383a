#include "sim_model/sm/policy.h"

#include "sim_model/common/error.h"

namespace wf::sm {

IssuePolicy parse_issue_policy(const std::string& name) {
  if (name == "lrr") return IssuePolicy::kLrr;
  if (name == "gto") return IssuePolicy::kGto;
  if (name == "mwf-lrr") return IssuePolicy::kMwfLrr;
  if (name == "mwf-gto") return IssuePolicy::kMwfGto;
  if (name == "saws") return IssuePolicy::kSaws;
  if (name == "2lev") return IssuePolicy::kTwoLevel;
  throw UsageError("--issue: unknown policy \"" + name +
                   "\"; expected lrr|gto|mwf-lrr|mwf-gto|saws|2lev");
}

FetchPolicy parse_fetch_policy(const std::string& name) {
  if (name == "lrr") return FetchPolicy::kLrr;
  if (name == "cff") return FetchPolicy::kCff;
  if (name == "fef") return FetchPolicy::kFef;
  if (name == "2lev") return FetchPolicy::kTwoLevel;
  throw UsageError("--fetch: unknown policy \"" + name + "\"; expected lrr|cff|fef|2lev");
}

std::string to_string(IssuePolicy p) {
  switch (p) {
    case IssuePolicy::kLrr:
      return "lrr";
    case IssuePolicy::kGto:
      return "gto";
    case IssuePolicy::kMwfLrr:
      return "mwf-lrr";
    case IssuePolicy::kMwfGto:
      return "mwf-gto";
    case IssuePolicy::kSaws:
      return "saws";
    case IssuePolicy::kTwoLevel:
      return "2lev";
  }
  return "?";
}

std::string to_string(FetchPolicy p) {
  switch (p) {
    case FetchPolicy::kLrr:
      return "lrr";
    case FetchPolicy::kCff:
      return "cff";
    case FetchPolicy::kFef:
      return "fef";
    case FetchPolicy::kTwoLevel:
      return "2lev";
  }
  return "?";
}

blocks::FetchMode fetch_mode(IssuePolicy issue, FetchPolicy fetch) {
  if (fetch == FetchPolicy::kLrr) return blocks::FetchMode::kLrr;
  switch (issue) {
    case IssuePolicy::kLrr:
      return blocks::FetchMode::kLrr;
    case IssuePolicy::kGto:
      return blocks::FetchMode::kGto;
    case IssuePolicy::kMwfLrr:
      return blocks::FetchMode::kMwfLrr;
    case IssuePolicy::kMwfGto:
      return blocks::FetchMode::kMwfGto;
    case IssuePolicy::kSaws:
      return blocks::FetchMode::kSawsGto;
    case IssuePolicy::kTwoLevel:
      return blocks::FetchMode::kTwoLevel;
  }
  return blocks::FetchMode::kLrr;
}

}  // namespace wf::sm
