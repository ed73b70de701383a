// The timing report's tables (report_rows.h) are consistent, and the JSON and the CSV they
// produce for a small run agree with each other and with the run's results.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim_model/gpu/report_rows.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "tests/gpu/scale_kernel.h"

namespace wf::gpu {
namespace {

template <class Row>
std::vector<std::string_view> json_paths(std::span<const Row> rows) {
  std::vector<std::string_view> paths;
  for (const Row& row : rows) paths.push_back(row.json);
  return paths;
}

// The object a key path's value sits in ("" at the top).
std::string_view parent(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : path.substr(0, dot);
}

// Unique, well-formed paths; no path is both a value and an object; the keys of one object
// are adjacent rows, so the table's order is the JSON's.
void expect_consistent_paths(const std::vector<std::string_view>& paths) {
  const std::set<std::string_view> unique(paths.begin(), paths.end());
  EXPECT_EQ(unique.size(), paths.size()) << "a JSON key path appears twice";
  for (std::string_view p : paths) {
    EXPECT_FALSE(p.empty() || p.front() == '.' || p.back() == '.' ||
                 p.find("..") != std::string_view::npos)
        << p;
    for (std::string_view q = parent(p); !q.empty(); q = parent(q))
      EXPECT_FALSE(unique.count(q)) << q << " is a value and the object of " << p;
  }
  std::set<std::string_view> closed;  // objects whose run of rows has ended
  for (std::size_t i = 0; i < paths.size(); ++i) {
    for (std::string_view q = parent(paths[i]); !q.empty(); q = parent(q))
      EXPECT_FALSE(closed.count(q)) << paths[i] << " is apart from the rest of " << q;
    if (i + 1 == paths.size()) break;
    for (std::string_view q = parent(paths[i]); !q.empty(); q = parent(q))
      if (paths[i + 1].substr(0, q.size() + 1) != std::string(q) + ".") closed.insert(q);
  }
}

TEST(ReportRows, CsvColumnsArePositionsZeroToN) {
  std::vector<int> columns;
  std::set<std::string_view> names;
  for (const ReportRow& row : report_rows()) {
    EXPECT_EQ(row.csv.empty(), row.csv_column == kNoCsvColumn) << row.json;
    if (row.csv_column == kNoCsvColumn) continue;
    columns.push_back(row.csv_column);
    EXPECT_TRUE(names.insert(row.csv).second) << "CSV column named twice: " << row.csv;
    EXPECT_EQ(row.csv.find_first_of(",\n"), std::string_view::npos) << row.csv;
  }
  std::vector<int> expected(columns.size());
  std::iota(expected.begin(), expected.end(), 0);
  std::sort(columns.begin(), columns.end());
  EXPECT_EQ(columns, expected);
}

TEST(ReportRows, JsonPathsAreConsistent) {
  expect_consistent_paths(json_paths(report_rows()));
  for (const ReportRow& row : report_rows())
    for (std::string_view hand_written : {"sms", "kernels", "warp_dump"})
      EXPECT_NE(row.json.substr(0, row.json.find('.')), hand_written);
  expect_consistent_paths(json_paths(sm_report_rows()));
  for (const ReportRow& row : report_rows()) EXPECT_NE(row.value, nullptr) << row.json;
  for (const SmReportRow& row : sm_report_rows()) EXPECT_NE(row.value, nullptr) << row.json;
}

// A warp state added to warp_state.h needs its rows here.
TEST(ReportRows, EveryWarpStateHasItsRows) {
  std::vector<std::string> run, csv, per_sm, expected_json, expected_csv;
  for (const ReportRow& row : report_rows())
    if (row.json.starts_with("states.")) {
      run.emplace_back(row.json);
      csv.emplace_back(row.csv);
    }
  for (const SmReportRow& row : sm_report_rows())
    if (row.json.starts_with("states.")) per_sm.emplace_back(row.json);
  for (const char* name : sm::kWarpStateNames) {
    expected_json.push_back(std::string("states.") + name);
    expected_csv.push_back(std::string("state_") + name);
  }
  EXPECT_EQ(run, expected_json);
  EXPECT_EQ(csv, expected_csv);
  EXPECT_EQ(per_sm, expected_json);
}

std::shared_ptr<TimingSession> scale_run() {
  auto session = std::make_shared<TimingSession>(sm::load_timing_config(load_machine("gtx480")));
  RuntimeOptions o;
  o.timing = session;
  Runtime rt(o);
  rt.load_ptx(kScale, "scale.ptx");
  const unsigned n = 4096;
  const DevPtr p = rt.upload(std::vector<float>(n, 1.0f));
  rt.launch("scale", {n / 256}, {256}, {KernelArg::of(p), KernelArg::of(n), KernelArg::of(2.0f)});
  return session;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream in(line.substr(0, line.find('\n')));
  for (std::string f; std::getline(in, f, ',');) fields.push_back(f);
  return fields;
}

const nlohmann::ordered_json& at_path(const nlohmann::ordered_json& j, std::string_view path) {
  const nlohmann::ordered_json* node = &j;
  for (std::size_t dot = path.find('.'); dot != std::string_view::npos; dot = path.find('.')) {
    node = &node->at(std::string(path.substr(0, dot)));
    path.remove_prefix(dot + 1);
  }
  return node->at(std::string(path));
}

TEST(TimingReport, JsonAndCsvAgreeOnASmallRun) {
  const auto session = scale_run();
  const TimingResults& r = session->results();
  ASSERT_EQ(r.status, "ok") << r.message;
  const RunLabel label{"scale", true};
  const auto json = nlohmann::ordered_json::parse(timing_report_json(*session, label));
  const std::vector<std::string> header = split(timing_report_csv_header());
  const std::vector<std::string> values = split(timing_report_csv_row(*session, label));
  ASSERT_EQ(header.size(), values.size());
  auto csv = [&](const std::string& name) {
    const auto it = std::find(header.begin(), header.end(), name);
    return it == header.end() ? std::string("(no column)") : values[it - header.begin()];
  };

  // A stat in both, against the results themselves.
  EXPECT_GT(r.cycles, 0u);
  EXPECT_EQ(json.at("cycles").get<std::uint64_t>(), r.cycles);
  EXPECT_EQ(csv("cycles"), std::to_string(r.cycles));
  EXPECT_EQ(json.at("thread_instructions").get<std::uint64_t>(), total_thread_instructions(r));
  EXPECT_EQ(csv("thread_instructions"), std::to_string(total_thread_instructions(r)));
  EXPECT_GT(json.at("l1d").at("accesses").get<std::uint64_t>(), 0u);
  EXPECT_EQ(csv("workload"), "scale");
  EXPECT_EQ(csv("passed"), "1");

  // Every stat in both.
  for (const ReportRow& row : report_rows()) {
    if (row.csv.empty()) continue;
    const auto& j = at_path(json, row.json);
    const std::string c = csv(std::string(row.csv));
    if (j.is_number_float())  // JSON rounded, CSV printed with 6 decimals
      EXPECT_NEAR(j.get<double>(), std::stod(c), 1.5e-6) << row.json;
    else if (j.is_boolean())
      EXPECT_EQ(j.get<bool>() ? "1" : "0", c) << row.json;
    else if (j.is_string())
      EXPECT_EQ(j.get<std::string>(), c) << row.json;
    else
      EXPECT_EQ(j.dump(), c) << row.json;
  }

  const auto& sms = json.at("sms");
  ASSERT_EQ(sms.size(), r.sms.size());
  for (std::size_t i = 0; i < sms.size(); ++i) {
    EXPECT_EQ(sms[i].at("sm").get<std::size_t>(), i);
    EXPECT_EQ(sms[i].at("warp_instructions").get<std::uint64_t>(), r.sms[i].warp_instructions);
  }
}

}  // namespace
}  // namespace wf::gpu
