// libFuzzer target for the study record of `warpforge reproduce` (DIR/study.json,
// tools/warpforge/study_record.h): any input, read as a record, must either be read or be
// refused with a UsageError; a record that was read must survive writing and reading back
// unchanged (what --resume compares is what the record said), and its run names must be plain
// file names (a record must not reach beyond DIR/runs/). A broken promise is a trap.
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim_model/common/error.h"
#include "tools/warpforge/study_record.h"

namespace {

void check(bool promise) {
  if (!promise) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wf::cli;
  const std::string text(reinterpret_cast<const char*>(data), size);
  StudyRecord record;
  try {
    record = parse_study_record(text, "study.json");
  } catch (const wf::UsageError&) {
    return 0;
  }
  for (const auto& [stem, run] : record.runs) {
    check(!stem.empty() && stem != "." && stem != ".." && stem.find('/') == std::string::npos &&
          stem.find('\0') == std::string::npos);
  }
  const std::string written = study_record_json(record);
  const StudyRecord again = parse_study_record(written, "written");
  check(again.study == record.study && again.runs == record.runs);
  check(study_record_json(again) == written);
  return 0;
}
