#include "tools/warpforge/study.h"

#include <algorithm>
#include <system_error>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "workloads/workload.h"

#ifndef WF_VERSION
#error "WF_VERSION (the project version) comes from tools/warpforge/CMakeLists.txt"
#endif

namespace wf::cli {

std::vector<std::string> StudyRun::argv(const std::string& self, const std::string& stats) const {
  std::vector<std::string> a = {self};
  if (program.empty()) {
    if (launch_spec.empty())
      a.insert(a.end(), {"sim", "--workload", workload});
    else
      a.insert(a.end(), {"sim", "--spec", launch_spec});
    a.insert(a.end(), sim_args.begin(), sim_args.end());
    a.insert(a.end(), {"--stats", stats});
    return a;
  }
  a.push_back("exec");
  a.insert(a.end(), sim_args.begin(), sim_args.end());
  a.insert(a.end(), {"--stats", stats, "--"});
  a.insert(a.end(), program.begin(), program.end());
  return a;
}

std::vector<std::string> StudyRun::record_args() const {
  std::vector<std::string> a = sim_args;
  if (!launch_spec.empty()) a.insert(a.end(), {"--spec", launch_spec});
  if (!program.empty()) {
    a.push_back("--");
    a.insert(a.end(), program.begin(), program.end());
  }
  return a;
}

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

std::string study_runs_sentence(const StudyResults& r) {
  if (r.collected)
    return fmt::format("{} runs, made by a cluster's tasks (--emit) and collected (--collect).",
                       r.runs.size());
  std::string s = fmt::format("{} runs in {:.0f} s of wall time on {} parallel processes.",
                              r.runs.size(), r.wall_seconds, r.parallel);
  if (r.resumed)
    s += fmt::format(" {} runs were kept from an interrupted study (--resume).", r.resumed);
  return s;
}

std::string warpforge_version() {
  return WF_VERSION;
}

namespace {

namespace fs = std::filesystem;

bool holds_runs(const fs::path& dir) {
  std::error_code ec;
  for (fs::directory_iterator it(dir / "runs", ec), end; !ec && it != end; it.increment(ec))
    return true;
  return false;
}

}  // namespace

StudyDirPlan plan_study_dir(const fs::path& dir, const std::string& study,
                            const std::vector<StudyRun>& runs, bool quick, bool resume) {
  const fs::path file = dir / kStudyRecordFile;
  StudyDirPlan out;
  out.record.study = study;
  std::error_code ec;
  const bool recorded = fs::exists(fs::symlink_status(file, ec));
  if (!recorded) {
    // Such a folder was written before runs were recorded: what made its runs is unknown.
    if (resume && holds_runs(dir))
      throw UsageError(fmt::format(
          "--resume: {} holds runs but no study record ({}): they predate the record, made "
          "by an earlier warpforge that did not note what defines them; rerun without --resume "
          "to start afresh, or use another -o",
          dir.string(), kStudyRecordFile));
  } else {
    const StudyRecord old =
        parse_study_record(read_input_file(file, kMaxConfigBytes, "study record"), file.string());
    // A folder is one study's: its report, runs.csv and plots would be overwritten and its
    // runs left beside another study's.
    if (old.study != study)
      throw UsageError(fmt::format(
          "-o {}: expected a directory of the {} study or a new one, but it holds the {} study "
          "({}): use another -o",
          dir.string(), study, old.study, kStudyRecordFile));
    if (!resume) {
      for (const auto& [stem, r] : old.runs) out.discard.push_back(stem);
    } else {
      for (const auto& [stem, r] : old.runs) {
        if (r.warpforge != warpforge_version())
          throw UsageError(fmt::format(
              "--resume: {} holds {} study runs made by warpforge {} (e.g. runs/{}), this is "
              "warpforge {}: rerun without --resume to start afresh, or use another -o",
              dir.string(), study, r.warpforge, stem, warpforge_version()));
        if (r.quick != quick)
          throw UsageError(fmt::format(
              "--resume: {} holds a {} study run {} --quick (runs/{}), this one is {} it: "
              "rerun with the same options, without --resume to start afresh, or use another -o",
              dir.string(), study, r.quick ? "with" : "without", stem, quick ? "with" : "without"));
      }
      out.record.runs = old.runs;
    }
  }
  for (const StudyRun& run : runs) {
    const RunRecord planned{run.workload, run.record_args(), quick, warpforge_version()};
    const auto old = out.record.runs.find(run.stem);
    if (resume && old != out.record.runs.end()) {
      if (old->second != planned)
        throw UsageError(fmt::format(
            "--resume: {} holds run runs/{} of {} made with \"{}\", this study's is {} with "
            "\"{}\": rerun without --resume to start afresh, or use another -o",
            dir.string(), run.stem, old->second.workload, fmt::join(old->second.args, " "),
            run.workload, fmt::join(run.record_args(), " ")));
      out.resumable.insert(run.stem);
    }
    out.record.runs[run.stem] = planned;
  }
  return out;
}

}  // namespace wf::cli
