#include "tools/warpforge/sweep_table.h"

#include <algorithm>

#include <fmt/format.h>

#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"

namespace wf::cli {
// Named, not anonymous: the command line compiles as a unity build.
namespace sweep_table_impl {

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

// What went wrong in a run that did not pass: the first line of its log that says "error",
// else its last line (sim ends a failed run's log with the reason: a cycle limit, a wrong
// value, a deadlock's first warp).
std::string first_error_line(const std::filesystem::path& log) {
  std::string text;
  try {
    text = read_input_file(log, kMaxConfigBytes, "run log");
  } catch (const UsageError&) {
    return "no log";
  }
  std::string last;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string line = text.substr(at, end - at);
    line.erase(0, line.find_first_not_of(' '));
    if (line.find("error") != std::string::npos) return line;
    // The wall time differs between two runs of one sweep; the table must not.
    if (!line.empty() && line.rfind("simulated in ", 0) != 0) last = line;
    at = end + 1;
  }
  return last;
}

std::string run_status(const RunStats& s) {
  if (s.ok()) return "ok";
  if (s.status == "deadlock") return "deadlock";
  if (s.status.empty()) return "crashed";
  if (s.status == "ok" && !s.passed) return "wrong result";
  return s.status;
}

}  // namespace sweep_table_impl

std::string sweep_table_csv(const SweepSpec& spec, const std::vector<SweepRun>& runs,
                            const std::function<const RunStats*(const SweepRun&)>& stats,
                            const std::filesystem::path& runs_dir, std::size_t& failed) {
  using namespace sweep_table_impl;
  std::string csv;
  for (const SweepAxis& axis : spec.axes) csv += csv_field(axis.name) + ",";
  csv += "status,exit_status,passed,cycles,warp_instructions,thread_instructions,ipc,error\n";
  failed = 0;
  for (const SweepRun& r : runs) {
    for (const std::string& v : r.values) csv += csv_field(v.empty() ? "preset" : v) + ",";
    const RunStats* s = stats(r);
    if (!s) {
      ++failed;
      csv += "missing,,,,,,,\n";
      continue;
    }
    if (!s->ok()) ++failed;
    csv += fmt::format(
        "{},{},{},{},{},{},{:.6f},{}\n", run_status(*s), s->exit_status, s->passed ? 1 : 0,
        s->cycles, s->warp_instructions, s->thread_instructions, s->ipc,
        s->ok() ? "" : csv_field(first_error_line(runs_dir / (r.run.stem + ".log"))));
  }
  return csv;
}

}  // namespace wf::cli
