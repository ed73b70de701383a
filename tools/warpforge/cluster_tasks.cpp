#include "tools/warpforge/cluster_tasks.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/parallel_runs.h"

namespace wf::cli {
namespace {

std::filesystem::path cluster_task_record(const std::filesystem::path& dir, const StudyRun& r) {
  return dir / "runs" / (r.stem + ".task.json");
}

std::filesystem::path cluster_make_dir(const std::filesystem::path& dir,
                                       const std::string& option) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw UsageError(
        fmt::format("{} {}: cannot create the directory: {}", option, dir.string(), ec.message()));
  return dir;
}

}  // namespace

void ClusterArgs::check() const {
  if (chunk > 1 && emit.empty() && task < 0)
    throw UsageError("--chunk is for --emit and --task: a local run has no tasks");
}

ClusterEmit ClusterArgs::emit_options() const {
  if (emit.at(0) != "slurm" && emit[0] != "parallel")
    throw UsageError("--emit " + emit[0] + ": expected slurm or parallel, then a folder");
  if (emit[0] == "parallel" && (throttle || !time.empty() || !mem.empty()))
    throw UsageError("--array-throttle, --time and --mem are for --emit slurm");
  return {emit[0], emit.at(1), throttle, time, mem, chunk};
}

void add_cluster_options(CLI::App& app, ClusterArgs& c, const std::string& what) {
  auto* jobs = app.get_option("--jobs");
  auto* resume = app.get_option("--resume");
  auto* emit = app.add_option("--emit", c.emit,
                              "ENGINE DIR: write DIR's job files for a cluster's engine instead "
                              "of running: slurm (a job array, one task per run or per --chunk "
                              "runs) or parallel (a GNU parallel job list, DIR/jobs.txt)")
                   ->expected(2);
  auto* throttle = app.add_option("--array-throttle", c.throttle,
                                  "--emit slurm: at most N array tasks at once, 1 to 100000")
                       ->check(unsigned_in(1, 100000));
  auto* time =
      app.add_option("--time", c.time, "--emit slurm: each task's time limit (sbatch --time)");
  auto* mem = app.add_option("--mem", c.mem, "--emit slurm: each task's memory (sbatch --mem)");
  auto* task = app.add_option("--task", c.task,
                              "run only task N of the " + what +
                                  " into -o DIR (0-based: its run N, or runs N*K to N*K+K-1 with "
                                  "--chunk K): what each task of --emit runs")
                   ->check(unsigned_in(0, 100000000));
  auto* chunk =
      app.add_option("--chunk", c.chunk, "--emit and --task: runs per task, 1 (default) to 100000")
          ->check(unsigned_in(1, 100000));
  auto* collect = app.add_option("--collect", c.collect,
                                 "build the " + what +
                                     "'s outputs in DIR from its tasks' files, and say which "
                                     "tasks are missing or failed and how to rerun only those");
  for (auto* o : {throttle, time, mem}) o->needs(emit);
  chunk->excludes(collect);
  emit->excludes(resume)->excludes(jobs)->excludes(task)->excludes(collect);
  task->excludes(resume)->excludes(jobs)->excludes(collect);
  collect->excludes(resume)->excludes(jobs)->excludes(app.get_option("--out"));
}

std::string shell_word(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::filesystem::path prepare_task_dir(const ClusterEmit& e) {
  check_output_dir("--emit", e.dir.string());
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::absolute(e.dir, ec).lexically_normal();
  if (ec) throw UsageError(fmt::format("--emit {}: {}", e.dir.string(), ec.message()));
  cluster_make_dir(dir / "runs", "--emit");
  return dir;
}

void emit_tasks(const ClusterEmit& e, const std::filesystem::path& dir, const std::string& name,
                const std::string& stem, std::size_t runs,
                const std::function<std::string(const std::string&)>& command,
                const std::string& collect) {
  const std::size_t count = (runs + e.chunk - 1) / e.chunk;
  write_file_atomically(dir / "chunk", std::to_string(e.chunk) + "\n");
  if (e.engine == "parallel") {
    std::string jobs;
    for (std::size_t i = 0; i < count; ++i) jobs += command(std::to_string(i)) + "\n";
    write_file_atomically(dir / "jobs.txt", jobs);
    fmt::print("{}: {} tasks; run them with\n  parallel -j N < {}\nthen\n  {}\n", name, count,
               shell_word((dir / "jobs.txt").string()), collect);
    return;
  }
  cluster_make_dir(dir / "slurm", "--emit");
  std::string s = "#!/bin/bash\n";
  s += fmt::format("# {}: {} ({} runs), written by warpforge --emit slurm.\n", name,
                   e.chunk > 1 ? fmt::format("{} array tasks of {} runs each", count, e.chunk)
                               : std::string("one array task per run"),
                   runs);
  s += fmt::format("# Afterwards: {}\n", collect);
  std::string job = "wf-" + name;  // e.g. "wf-sweep-demo": Slurm's job names take no spaces
  std::replace(job.begin(), job.end(), ' ', '-');
  s += fmt::format("#SBATCH --job-name={}\n", job);
  s += fmt::format("#SBATCH --array=0-{}{}\n", count - 1,
                   e.throttle ? fmt::format("%{}", e.throttle) : "");
  s += fmt::format("#SBATCH --output={}\n", (dir / "slurm" / "%A_%a.out").string());
  s += "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n";
  if (!e.time.empty()) s += fmt::format("#SBATCH --time={}\n", e.time);
  if (!e.mem.empty()) s += fmt::format("#SBATCH --mem={}\n", e.mem);
  s += "exec " + command("\"$SLURM_ARRAY_TASK_ID\"") + "\n";
  const std::filesystem::path script = dir / (stem + ".sbatch");
  write_file_atomically(script, s);
  fmt::print("{}: {} array tasks; submit them with\n  sbatch {}\nthen\n  {}\n", name, count,
             shell_word(script.string()), collect);
}

namespace {

// One run of a task: its `warpforge sim`, then its record. True when it passed.
bool cluster_run_one(const StudyRun& r, std::size_t number, const std::filesystem::path& dir) {
  const std::filesystem::path runs = cluster_make_dir(dir / "runs", "-o");
  const std::filesystem::path stats = runs / (r.stem + ".json");
  // A record and statistics of an earlier attempt must not pass for this one's.
  std::error_code ec;
  std::filesystem::remove(cluster_task_record(dir, r), ec);
  std::filesystem::remove(stats, ec);
  ProcessJob job;
  job.argv = r.argv(self_executable().string(), stats.string());
  job.log = runs / (r.stem + ".log");
  const ProcessOutcome outcome =
      run_parallel({job}, 1, [](std::size_t, std::size_t, std::size_t) {}).at(0);
  nlohmann::ordered_json rec;
  rec["workload"] = r.workload;
  rec["args"] = r.record_args();
  rec["warpforge"] = warpforge_version();
  rec["exit_status"] = outcome.exit_status;
  write_file_atomically(cluster_task_record(dir, r), rec.dump(2) + "\n");
  RunStats s = read_run_stats(stats.string());
  s.exit_status = outcome.exit_status;
  fmt::print("run {}: {} {}: {}\n", number, r.workload, r.config,
             s.ok() ? "passed" : fmt::format("FAILED (exit status {})", outcome.exit_status));
  return s.ok();
}

}  // namespace

int run_task(const std::vector<StudyRun>& all, std::size_t index, unsigned chunk,
             const std::filesystem::path& dir) {
  const std::size_t tasks = (all.size() + chunk - 1) / chunk;
  if (index >= tasks)
    throw UsageError(fmt::format("--task {}: expected a task number from 0 to {}{}", index,
                                 tasks - 1,
                                 chunk > 1 ? fmt::format(" ({} runs per task)", chunk) : ""));
  check_output_dir("-o", dir.string());
  bool ok = true;
  for (std::size_t i = index * chunk; i < std::min(all.size(), (index + 1) * chunk); ++i)
    ok = cluster_run_one(all[i], i, dir) && ok;
  return ok ? 0 : 1;
}

CollectedTasks collect_tasks(const std::vector<StudyRun>& all, const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw UsageError(fmt::format("--collect {}: no such directory", dir.string()));
  check_output_dir("--collect", dir.string());
  CollectedTasks c;
  if (std::filesystem::exists(dir / "chunk", ec)) {
    const std::string text = read_input_file(dir / "chunk", kMaxConfigBytes, "chunk file");
    c.chunk = static_cast<unsigned>(std::max(1l, std::strtol(text.c_str(), nullptr, 10)));
  }
  auto note = [&](std::vector<std::size_t>& v, std::size_t run) {
    const std::size_t task = run / c.chunk;
    if (v.empty() || v.back() != task) v.push_back(task);
  };
  for (std::size_t i = 0; i < all.size(); ++i) {
    const StudyRun& r = all[i];
    const std::filesystem::path record = cluster_task_record(dir, r);
    if (!std::filesystem::exists(record, ec)) {
      note(c.missing, i);
      continue;
    }
    nlohmann::json rec;
    try {
      rec = nlohmann::json::parse(read_input_file(record, kMaxConfigBytes, "task record"));
    } catch (const nlohmann::json::exception&) {
      note(c.stale, i);
      continue;
    }
    const bool same = rec.is_object() && rec.value("workload", "") == r.workload &&
                      rec.value("warpforge", "") == warpforge_version() && rec.contains("args") &&
                      rec["args"] == r.record_args() && rec.contains("exit_status") &&
                      rec["exit_status"].is_number_integer();
    if (!same) {
      note(c.stale, i);
      continue;
    }
    RunStats s = read_run_stats((dir / "runs" / (r.stem + ".json")).string());
    s.exit_status = rec["exit_status"].get<int>();
    if (!s.ok()) note(c.failed, i);
    c.stats[r.stem] = s;
  }
  return c;
}

bool report_collected(const CollectedTasks& c, const std::filesystem::path& dir,
                      const std::string& sbatch,
                      const std::function<std::string(const std::string&)>& command) {
  if (!c.missing.empty()) fmt::print("missing tasks: {}\n", fmt::join(c.missing, ","));
  if (!c.stale.empty())
    fmt::print("tasks made with other arguments or another warpforge: {}\n",
               fmt::join(c.stale, ","));
  if (!c.failed.empty()) fmt::print("failed tasks: {}\n", fmt::join(c.failed, ","));
  std::vector<std::size_t> again = c.missing;
  again.insert(again.end(), c.stale.begin(), c.stale.end());
  again.insert(again.end(), c.failed.begin(), c.failed.end());
  std::sort(again.begin(), again.end());
  again.erase(std::unique(again.begin(), again.end()), again.end());
  if (again.empty()) return true;
  std::error_code ec;
  if (std::filesystem::exists(dir / sbatch, ec))
    fmt::print("rerun them: sbatch --array={} {}\n", fmt::join(again, ","),
               shell_word((dir / sbatch).string()));
  else if (std::filesystem::exists(dir / "jobs.txt", ec))
    fmt::print("rerun them: grep -E -- '--task ({}) ' {} | parallel\n", fmt::join(again, "|"),
               shell_word((dir / "jobs.txt").string()));
  else
    fmt::print("rerun them: for t in {}; do {}; done\n", fmt::join(again, " "), command("$t"));
  return false;
}

}  // namespace wf::cli
