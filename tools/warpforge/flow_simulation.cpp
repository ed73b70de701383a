#include "tools/warpforge/flow_simulation.h"

#include <chrono>
#include <memory>

#include "sim_model/common/error.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "workloads/runner.h"
#include "workloads/workload.h"

namespace wf::cli {

std::vector<FlowSimRow> flow_simulation(
    const std::string& preset, const std::string& workload,
    const std::vector<std::pair<std::string, std::string>>& policies) {
  const workloads::Workload* w = workloads::find_workload(workload);
  if (!w) throw UsageError("flow: unknown workload '" + workload + "'");
  std::vector<FlowSimRow> rows;
  for (const auto& [issue, fetch] : policies) {
    sm::TimingConfig config = sm::load_timing_config(load_machine(preset));
    config.issue = issue;
    config.fetch = fetch;
    auto session = std::make_shared<gpu::TimingSession>(config);
    workloads::RunSettings settings;
    settings.runtime.timing = session;
    const auto start = std::chrono::steady_clock::now();
    const workloads::RunResult result = workloads::run_workload(*w, settings);
    FlowSimRow row;
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const gpu::TimingResults& r = session->results();
    row.workload = workload;
    row.issue = issue;
    row.fetch = fetch;
    row.passed = result.passed;
    row.status = r.status;
    row.cycles = r.cycles;
    row.thread_instructions = gpu::total_thread_instructions(r);
    row.ipc = r.cycles ? static_cast<double>(row.thread_instructions) / r.cycles : 0.0;
    rows.push_back(row);
  }
  return rows;
}

nlohmann::json to_json(const FlowSimRow& r) {
  return {{"workload", r.workload},
          {"issue", r.issue},
          {"fetch", r.fetch},
          {"passed", r.passed},
          {"status", r.status},
          {"cycles", r.cycles},
          {"thread_instructions", r.thread_instructions},
          {"ipc", r.ipc},
          {"seconds", r.seconds}};
}

}  // namespace wf::cli
