// The closing step of `warpforge flow`: a short cycle-model run of one barrier-heavy workload
// under the baseline and under BAWS, so the report shows what the verified blocks do to
// performance next to what they cost.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wf::cli {

struct FlowSimRow {
  std::string workload, issue, fetch;
  bool passed = false;
  std::string status;  // the timing model's: ok | deadlock | error
  std::uint64_t cycles = 0;
  std::uint64_t thread_instructions = 0;
  double ipc = 0;
  double seconds = 0;  // wall time of the run
};

// Runs `workload` (at its default size) on `preset` under each (issue, fetch) pair.
std::vector<FlowSimRow> flow_simulation(
    const std::string& preset, const std::string& workload,
    const std::vector<std::pair<std::string, std::string>>& policies);

nlohmann::json to_json(const FlowSimRow& r);

}  // namespace wf::cli
