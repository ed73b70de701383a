#include "sim_model/sm/policy.h"

#include "sim_model/common/error.h"

namespace wf::sm {

IssuePolicy parse_issue_policy(const std::string& name) {
  if (name == "lrr") return IssuePolicy::kLrr;
  if (name == "gto") return IssuePolicy::kGto;
  if (name == "mwf-lrr") return IssuePolicy::kMwfLrr;
  if (name == "mwf-gto") return IssuePolicy::kMwfGto;
  throw UsageError("--issue: unknown policy \"" + name + "\"; expected lrr|gto|mwf-lrr|mwf-gto");
}

FetchPolicy parse_fetch_policy(const std::string& name) {
  if (name == "lrr") return FetchPolicy::kLrr;
  if (name == "cff") return FetchPolicy::kCff;
  throw UsageError("--fetch: unknown policy \"" + name + "\"; expected lrr|cff");
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
  }
  return "?";
}

std::string to_string(FetchPolicy p) {
  return p == FetchPolicy::kLrr ? "lrr" : "cff";
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
  }
  return blocks::FetchMode::kLrr;
}

}  // namespace wf::sm
