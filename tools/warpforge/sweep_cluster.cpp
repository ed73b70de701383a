#include "tools/warpforge/sweep_cluster.h"

#include <algorithm>
#include <map>
#include <system_error>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/parallel_runs.h"
#include "tools/warpforge/study.h"
#include "tools/warpforge/sweep_table.h"

namespace wf::cli {
// Named, not anonymous: the command line compiles as a unity build.
namespace sweep_cluster_impl {

namespace fs = std::filesystem;

// A word for a POSIX shell: single-quoted, with a quote inside closed, escaped and reopened.
std::string shell_word(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

fs::path absolute_dir(const fs::path& dir) {
  std::error_code ec;
  const fs::path a = fs::absolute(dir, ec);
  if (ec) throw UsageError(fmt::format("{}: {}", dir.string(), ec.message()));
  return a.lexically_normal();
}

std::string task_command(const fs::path& dir, const std::string& index) {
  return fmt::format("{} sweep {} --task {} -o {}", shell_word(self_executable().string()),
                     shell_word((dir / "sweep.toml").string()), index, shell_word(dir.string()));
}

fs::path task_record(const fs::path& dir, const SweepRun& r) {
  return dir / "runs" / (r.run.stem + ".task.json");
}

}  // namespace sweep_cluster_impl

void emit_sweep(const std::string& spec_text, const SweepSpec& spec,
                const std::vector<SweepRun>& runs, const SweepEmit& e) {
  namespace impl = sweep_cluster_impl;
  check_output_dir("--emit", e.dir.string());
  const std::filesystem::path dir = impl::absolute_dir(e.dir);
  const std::filesystem::path copy = dir / "sweep.toml";
  std::error_code ec;
  if (std::filesystem::exists(copy, ec) &&
      read_input_file(copy, kMaxConfigBytes, "sweep file") != spec_text)
    throw UsageError(
        fmt::format("--emit {}: the folder holds another sweep file ({}): use another folder",
                    e.dir.string(), copy.string()));
  std::filesystem::create_directories(dir / "runs", ec);
  if (ec)
    throw UsageError(
        fmt::format("--emit {}: cannot create the directory: {}", e.dir.string(), ec.message()));
  write_file_atomically(copy, spec_text);
  if (e.engine == "parallel") {
    std::string jobs;
    for (std::size_t i = 0; i < runs.size(); ++i)
      jobs += impl::task_command(dir, std::to_string(i)) + "\n";
    write_file_atomically(dir / "jobs.txt", jobs);
    fmt::print(
        "sweep {}: {} tasks; run them with\n  parallel -j N < {}\nthen\n  warpforge sweep {} "
        "--collect {}\n",
        spec.name, runs.size(), impl::shell_word((dir / "jobs.txt").string()),
        impl::shell_word(copy.string()), impl::shell_word(dir.string()));
    return;
  }
  std::filesystem::create_directories(dir / "slurm", ec);
  std::string script = "#!/bin/bash\n";
  script += fmt::format("# warpforge sweep {}: one array task per run ({} runs); written by\n",
                        spec.name, runs.size());
  script +=
      "# `warpforge sweep --emit slurm`. Collect with `warpforge sweep SPEC --collect DIR`.\n";
  script += fmt::format("#SBATCH --job-name=wf-{}\n", spec.name);
  script += fmt::format("#SBATCH --array=0-{}{}\n", runs.size() - 1,
                        e.throttle ? fmt::format("%{}", e.throttle) : "");
  script += fmt::format("#SBATCH --output={}\n", (dir / "slurm" / "%A_%a.out").string());
  script += "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n";
  if (!e.time.empty()) script += fmt::format("#SBATCH --time={}\n", e.time);
  if (!e.mem.empty()) script += fmt::format("#SBATCH --mem={}\n", e.mem);
  script += "exec " + impl::task_command(dir, "\"$SLURM_ARRAY_TASK_ID\"") + "\n";
  write_file_atomically(dir / "sweep.sbatch", script);
  fmt::print(
      "sweep {}: {} array tasks; submit them with\n  sbatch {}\nthen\n  warpforge sweep {} "
      "--collect {}\n",
      spec.name, runs.size(), impl::shell_word((dir / "sweep.sbatch").string()),
      impl::shell_word(copy.string()), impl::shell_word(dir.string()));
}

int run_sweep_task(const std::vector<SweepRun>& runs, std::size_t index,
                   const std::filesystem::path& dir) {
  namespace impl = sweep_cluster_impl;
  if (index >= runs.size())
    throw UsageError(
        fmt::format("--task {}: expected a task number from 0 to {}", index, runs.size() - 1));
  check_output_dir("-o", dir.string());
  const SweepRun& r = runs[index];
  const std::filesystem::path run_dir = dir / "runs";
  std::error_code ec;
  std::filesystem::create_directories(run_dir, ec);
  if (ec)
    throw UsageError(
        fmt::format("-o {}: cannot create the directory: {}", dir.string(), ec.message()));
  const std::filesystem::path stats = run_dir / (r.run.stem + ".json");
  // A record and statistics of an earlier attempt must not pass for this one's.
  std::filesystem::remove(impl::task_record(dir, r), ec);
  std::filesystem::remove(stats, ec);
  ProcessJob job;
  job.argv = {self_executable().string(), "sim", "--workload", r.run.workload};
  job.argv.insert(job.argv.end(), r.run.sim_args.begin(), r.run.sim_args.end());
  job.argv.insert(job.argv.end(), {"--stats", stats.string()});
  job.log = run_dir / (r.run.stem + ".log");
  const ProcessOutcome outcome =
      run_parallel({job}, 1, [](std::size_t, std::size_t, std::size_t) {}).at(0);
  nlohmann::ordered_json rec;
  rec["workload"] = r.run.workload;
  rec["args"] = r.run.sim_args;
  rec["warpforge"] = warpforge_version();
  rec["exit_status"] = outcome.exit_status;
  write_file_atomically(impl::task_record(dir, r), rec.dump(2) + "\n");
  RunStats s = read_run_stats(stats.string());
  s.exit_status = outcome.exit_status;
  fmt::print("task {}: {} {}: {}\n", index, r.run.workload, r.run.config,
             s.ok() ? "passed" : fmt::format("FAILED (exit status {})", outcome.exit_status));
  return s.ok() ? 0 : 1;
}

int collect_sweep(const std::string& spec_path, const SweepSpec& spec,
                  const std::vector<SweepRun>& runs, const std::filesystem::path& dir) {
  namespace impl = sweep_cluster_impl;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw UsageError(fmt::format("--collect {}: no such directory", dir.string()));
  check_output_dir("--collect", dir.string());
  std::map<std::string, RunStats> found;  // by stem
  std::vector<std::size_t> missing, failed, stale;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const SweepRun& r = runs[i];
    const std::filesystem::path record = impl::task_record(dir, r);
    if (!std::filesystem::exists(record, ec)) {
      missing.push_back(i);
      continue;
    }
    nlohmann::json rec;
    try {
      rec = nlohmann::json::parse(read_input_file(record, kMaxConfigBytes, "task record"));
    } catch (const nlohmann::json::exception&) {
      stale.push_back(i);
      continue;
    }
    const bool same = rec.is_object() && rec.value("workload", "") == r.run.workload &&
                      rec.value("warpforge", "") == warpforge_version() && rec.contains("args") &&
                      rec["args"] == r.run.sim_args && rec.contains("exit_status") &&
                      rec["exit_status"].is_number_integer();
    if (!same) {
      stale.push_back(i);
      continue;
    }
    RunStats s = read_run_stats((dir / "runs" / (r.run.stem + ".json")).string());
    s.exit_status = rec["exit_status"].get<int>();
    if (!s.ok()) failed.push_back(i);
    found[r.run.stem] = s;
  }
  std::size_t not_passed = 0;
  const std::string csv = sweep_table_csv(
      spec, runs,
      [&](const SweepRun& r) -> const RunStats* {
        const auto it = found.find(r.run.stem);
        return it == found.end() ? nullptr : &it->second;
      },
      dir / "runs", not_passed);
  write_file_atomically(dir / "sweep.csv", csv);
  fmt::print("sweep {}: {} of {} runs collected, {} failed; table: {}\n", spec.name, found.size(),
             runs.size(), failed.size(), (dir / "sweep.csv").string());
  if (!missing.empty()) fmt::print("missing tasks: {}\n", fmt::join(missing, ","));
  if (!stale.empty())
    fmt::print("tasks made with other arguments or another warpforge: {}\n", fmt::join(stale, ","));
  if (!failed.empty()) fmt::print("failed tasks: {}\n", fmt::join(failed, ","));
  std::vector<std::size_t> again = missing;
  again.insert(again.end(), stale.begin(), stale.end());
  again.insert(again.end(), failed.begin(), failed.end());
  std::sort(again.begin(), again.end());
  if (again.empty()) return 0;
  const std::string list = fmt::format("{}", fmt::join(again, ","));
  if (std::filesystem::exists(dir / "sweep.sbatch", ec))
    fmt::print("rerun them: sbatch --array={} {}\n", list,
               impl::shell_word((dir / "sweep.sbatch").string()));
  else if (std::filesystem::exists(dir / "jobs.txt", ec))
    fmt::print("rerun them: grep -E -- '--task ({}) ' {} | parallel\n",
               fmt::format("{}", fmt::join(again, "|")),
               impl::shell_word((dir / "jobs.txt").string()));
  else
    fmt::print("rerun them: for t in {}; do warpforge sweep {} --task $t -o {}; done\n",
               fmt::format("{}", fmt::join(again, " ")), impl::shell_word(spec_path),
               impl::shell_word(dir.string()));
  return 1;
}

}  // namespace wf::cli
