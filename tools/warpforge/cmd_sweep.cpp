// `warpforge sweep SPEC.toml`: runs the product of a sweep file's axes (workloads, presets,
// policies, sizes, --param grids; docs/sweeps.md), one `warpforge sim` each, several at once,
// resumable, and collects every run into one table, one row per run, sorted by the axes.
// Exit status: 0 every run passed, 1 a run failed (its row says how), 2 bad input.
#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/machine_options.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/study_runner.h"
#include "tools/warpforge/sweep_spec.h"

namespace wf::cli {
namespace {

struct SweepArgs {
  std::string spec, out_dir;
  bool resume = false;
  unsigned jobs = 0;
};

// Every machine the sweep names is checked before anything is written, as `sim` would check it
// (the preset's rules, the policies' pairing, each --param), so that a bad combination is one
// line of exit status 2 rather than a column of failed runs.
void check_machines(const std::string& origin, const SweepSpec& spec,
                    const std::vector<SweepRun>& runs) {
  std::set<std::vector<std::string>> seen;
  for (const SweepRun& r : runs) {
    std::vector<std::string> key(r.values.begin() + 1, r.values.end());
    key.erase(key.begin() + 4);  // the size is the workload's, not the machine's
    if (!seen.insert(key).second) continue;
    MachineOptions m;
    m.preset = r.values[1];
    m.issue = r.values[2];
    m.fetch = r.values[3];
    m.dispatch = r.values[4];
    for (std::size_t i = 6; i < r.values.size(); ++i)
      m.params.push_back(spec.axes[i].name + "=" + r.values[i]);
    try {
      timing_config(m);
    } catch (const UsageError& e) {
      throw UsageError(
          fmt::format("{}: the run {} {}: {}", origin, r.run.workload, r.run.config, e.what()));
    }
  }
}

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

int run_sweep(const SweepArgs& a) {
  const std::string text = read_input_file(a.spec, kMaxConfigBytes, "sweep file");
  const SweepSpec spec = parse_sweep_spec(text, a.spec);
  const std::vector<SweepRun> runs = expand_sweep(spec);
  if (runs.empty()) throw UsageError(a.spec + ": the excludes leave no run");
  check_machines(a.spec, spec, runs);
  const std::filesystem::path out = a.out_dir.empty() ? "sweep-" + spec.name : a.out_dir;
  std::vector<StudyRun> all;
  for (const SweepRun& r : runs) all.push_back(r.run);
  const unsigned parallel = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  fmt::print(stderr, "sweep {}: {} runs, {} at once, into {}\n", spec.name, all.size(), parallel,
             out.string());
  const RunSetOutcome done =
      run_study_runs(out, "sweep " + spec.name, all, false, a.resume, parallel);

  std::string csv;
  for (const SweepAxis& axis : spec.axes) csv += csv_field(axis.name) + ",";
  csv +=
      "status,exit_status,passed,cycles,warp_instructions,thread_instructions,ipc,"
      "error\n";
  std::size_t failed = 0;
  for (const SweepRun& r : runs) {
    const RunStats& s = done.runs.at({r.run.workload, r.run.config});
    for (const std::string& v : r.values) csv += csv_field(v.empty() ? "preset" : v) + ",";
    const std::string status = run_status(s);
    if (!s.ok()) ++failed;
    csv += fmt::format(
        "{},{},{},{},{},{},{:.6f},{}\n", status, s.exit_status, s.passed ? 1 : 0, s.cycles,
        s.warp_instructions, s.thread_instructions, s.ipc,
        s.ok() ? "" : csv_field(first_error_line(out / "runs" / (r.run.stem + ".log"))));
  }
  write_file_atomically(out / "sweep.csv", csv);
  write_file_atomically(out / "timing.csv", timing_csv(all, done.seconds));
  fmt::print("{} runs in {:.0f} s{}, {}; table: {}\n", runs.size(), done.wall_seconds,
             done.resumed ? fmt::format(" ({} kept by --resume)", done.resumed) : "",
             failed ? fmt::format("{} FAILED (see their rows)", failed) : "all passed",
             (out / "sweep.csv").string());
  return failed ? 1 : 0;
}

std::function<int()> sweep_setup(CLI::App& app) {
  auto a = std::make_shared<SweepArgs>();
  app.add_option("spec", a->spec, "the sweep file (TOML; docs/sweeps.md)")->required();
  app.add_option("-o,--out", a->out_dir, "output directory (default: sweep-NAME)");
  app.add_flag("--resume", a->resume,
               "keep the passed runs of an interrupted sweep in the same directory; refused "
               "when they were made with other arguments or another warpforge");
  app.add_option("-j,--jobs", a->jobs,
                 "parallel simulations, 0 to 1024 (default and 0: the number of cores)")
      ->check(unsigned_in(0, 1024));
  return [a] { return run_sweep(*a); };
}

}  // namespace

WF_COMMAND(Command{"sweep", "Run the product of a sweep file's axes and tabulate every run",
                   sweep_setup, 55})

}  // namespace wf::cli
