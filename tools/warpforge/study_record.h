// DIR/study.json of `warpforge reproduce`: what defines each run of a study folder, written
// before the first run and read back by the next study into the same folder (study.h:
// plan_study_dir). Its own library so that the fuzz target reads records as reproduce does.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace wf::cli {

// What defines one run, recorded beside it so that --resume keeps only runs of the same
// configuration. Everything a run's statistics depend on is in it: the workload and the sim
// arguments (size, preset, policies, parameters), --quick (also implied by the arguments, kept
// for the message), and the warpforge that ran it.
struct RunRecord {
  std::string workload;
  std::vector<std::string> args;  // StudyRun::record_args()
  bool quick = false;
  std::string warpforge;  // warpforge_version() of the run
  bool operator==(const RunRecord&) const = default;
};

// DIR/study.json: the study a reproduce folder holds and the record of every run in DIR/runs/.
struct StudyRecord {
  std::string study;
  std::map<std::string, RunRecord> runs;  // by StudyRun::stem
};

inline constexpr const char* kStudyRecordFile = "study.json";
// The record as study.json holds it.
std::string study_record_json(const StudyRecord& record);
// A study.json's text; `origin` names it in messages. Throws a one-line UsageError for
// anything study_record_json would not have written: not JSON, a field missing or of another
// type, a run name that is not a plain file name (a record must not reach beyond DIR/runs/).
StudyRecord parse_study_record(const std::string& text, const std::string& origin);

}  // namespace wf::cli
