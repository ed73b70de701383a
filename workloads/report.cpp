#include "workloads/report.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace wf::workloads {

void print_result(std::FILE* out, const RunResult& r) {
  fmt::print(out, "{}  {:<12} {:8.3f} s\n", r.passed ? "PASS" : "FAIL", r.name, r.seconds);
  for (const auto& k : r.kernels)
    fmt::print(out, "      {:<22} launches {:>4}  warp instr {:>12}  thread instr {:>14}\n",
               k.kernel, k.launches, k.warp_instructions, k.thread_instructions);
  if (!r.passed) fmt::print(out, "      {}\n", r.message);
  if (r.livelock) fmt::print(out, "{}", r.livelock->details());
}

void print_summary(std::FILE* out, const std::vector<RunResult>& results) {
  const auto passed =
      std::count_if(results.begin(), results.end(), [](const RunResult& r) { return r.passed; });
  fmt::print(out, "{} passed, {} failed\n", passed,
             static_cast<std::ptrdiff_t>(results.size()) - passed);
}

std::string results_json(const std::vector<RunResult>& results, const RunSettings& settings) {
  nlohmann::json runs = nlohmann::json::array();
  for (const auto& r : results) {
    nlohmann::json kernels = nlohmann::json::array();
    for (const auto& k : r.kernels)
      kernels.push_back({{"kernel", k.kernel},
                         {"launches", k.launches},
                         {"warp_instructions", k.warp_instructions},
                         {"thread_instructions", k.thread_instructions}});
    runs.push_back({{"name", r.name},
                    {"passed", r.passed},
                    {"message", r.message},
                    {"seconds", r.seconds},
                    {"kernels", kernels}});
    if (r.livelock) runs.back()["livelock_cause"] = r.livelock->cause();
  }
  const auto unlimited = gpu::RuntimeOptions::kUnlimited;
  nlohmann::json doc = {
      {"warp_size", settings.runtime.warp_size},
      {"instruction_limit", settings.runtime.instruction_limit == unlimited
                                ? nlohmann::json(nullptr)
                                : nlohmann::json(settings.runtime.instruction_limit)},
      {"livelock_window", settings.runtime.livelock_window},
      {"size", settings.workload.size},
      {"seed", settings.workload.seed},
      {"runs", runs}};
  if (settings.runtime.large_warp_size) doc["large_warp_size"] = settings.runtime.large_warp_size;
  return doc.dump(2) + "\n";
}

}  // namespace wf::workloads
