#include "tools/warpforge/study_record.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sim_model/common/error.h"

namespace wf::cli {
namespace {

// A stem names files in DIR/runs/, which a fresh study removes: a record must not reach
// beyond that directory.
bool plain_file_name(const std::string& s) {
  return !s.empty() && s != "." && s != ".." && s.find('/') == std::string::npos &&
         s.find('\0') == std::string::npos;
}

}  // namespace

StudyRecord parse_study_record(const std::string& text, const std::string& origin) {
  auto bad = [&](const std::string& why) {
    return UsageError(fmt::format(
        "{}: expected the study record warpforge reproduce writes, but {}: remove it or use "
        "another -o",
        origin, why));
  };
  // Named by its path in the record, e.g. runs.vecadd__rr.args, so a hand edit is found.
  auto field = [&]<typename T>(const nlohmann::json& object, const std::string& path,
                               const char* key, const char* expected, T& to) {
    const auto it = object.find(key);
    if (it == object.end()) throw bad(fmt::format("{}{} is missing", path, key));
    try {
      to = it->template get<T>();
    } catch (const nlohmann::json::exception&) {
      throw bad(fmt::format("{}{} is not {}", path, key, expected));
    }
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    // nlohmann's messages start with their own tag, "[json.exception.parse_error.101] ".
    std::string why = e.what();
    if (const auto tag = why.find("] "); why.rfind("[json.", 0) == 0 && tag != std::string::npos)
      why.erase(0, tag + 2);
    throw bad("it is not JSON: " + why);
  }
  if (!j.is_object()) throw bad("it is not a JSON object");
  StudyRecord r;
  field(j, "", "study", "a string", r.study);
  nlohmann::json runs;
  field(j, "", "runs", "an object", runs);
  if (!runs.is_object()) throw bad("runs is not an object");
  for (const auto& [stem, run] : runs.items()) {
    if (!plain_file_name(stem)) throw bad(fmt::format("run \"{}\" is not a file name", stem));
    const std::string path = "runs." + stem + ".";
    if (!run.is_object()) throw bad(fmt::format("runs.{} is not an object", stem));
    RunRecord rr;
    field(run, path, "workload", "a string", rr.workload);
    field(run, path, "args", "an array of strings", rr.args);
    field(run, path, "quick", "true or false", rr.quick);
    field(run, path, "warpforge", "a string", rr.warpforge);
    r.runs[stem] = std::move(rr);
  }
  return r;
}

std::string study_record_json(const StudyRecord& record) {
  nlohmann::ordered_json j;
  j["study"] = record.study;
  auto& runs = j["runs"] = nlohmann::ordered_json::object();
  for (const auto& [stem, r] : record.runs)
    runs[stem] = {
        {"workload", r.workload}, {"args", r.args}, {"quick", r.quick}, {"warpforge", r.warpforge}};
  return j.dump(1) + "\n";
}

}  // namespace wf::cli
