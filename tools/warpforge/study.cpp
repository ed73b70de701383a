#include "tools/warpforge/study.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim_model/common/error.h"
#include "workloads/workload.h"

namespace wf::cli {

std::vector<std::unique_ptr<Study>>& studies() {
  static std::vector<std::unique_ptr<Study>> all;
  return all;
}

const Study* find_study(const std::string& name) {
  for (const auto& s : studies())
    if (s->name() == name) return s.get();
  return nullptr;
}

bool Study::all_ok(const StudyResults& r) {
  return std::all_of(r.runs.begin(), r.runs.end(), [](const auto& kv) { return kv.second.ok(); });
}

std::vector<std::string> suite_workloads(const std::string& name,
                                         const std::vector<std::string>& only) {
  std::vector<std::string> out;
  for (const auto* w : workloads::all_workloads()) {
    if (std::find(w->suites.begin(), w->suites.end(), name) == w->suites.end()) continue;
    if (!only.empty() && std::find(only.begin(), only.end(), w->name) == only.end()) continue;
    out.push_back(w->name);
  }
  return out;
}

void check_study_workloads(const std::string& study, const std::vector<std::string>& suites,
                           const std::vector<std::string>& only) {
  for (const auto& w : only) {
    const auto* known = workloads::find_workload(w);
    const bool in_study =
        known && std::any_of(suites.begin(), suites.end(), [&](const std::string& s) {
          return std::find(known->suites.begin(), known->suites.end(), s) != known->suites.end();
        });
    if (!in_study)
      throw UsageError(
          fmt::format("--workloads: \"{}\" is not a workload of the {} study (suites "
                      "{})",
                      w, study, fmt::join(suites, ", ")));
  }
}

std::string failed_runs_markdown(
    const std::map<std::pair<std::string, std::string>, RunStats>& runs,
    const std::string& config_column) {
  std::string failed;
  for (const auto& [key, s] : runs) {
    if (s.ok()) continue;
    failed += fmt::format("| {} | {} | {} | {} | {} |\n", key.first, key.second, s.exit_status,
                          s.status.empty() ? "no stats" : s.status, s.passed ? "yes" : "no");
  }
  if (failed.empty()) return "Every run passed its CPU check; none deadlocked.\n";
  return "## Runs that failed\n\n| workload | " + config_column +
         " | exit status | status | check passed |\n|---|---|---|---|---|\n" + failed + "\n";
}

}  // namespace wf::cli
