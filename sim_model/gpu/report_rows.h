// The timing report's tables (report_rows.cpp): one row per statistic, saying where it goes in
// the JSON and the CSV and how it is computed from the run. The writers in timing_report.cpp
// only walk them, so a new statistic is its counter where the model counts it plus one row.
//
// A value prints by its type, the same for every row: counts as integers; ratios as numbers
// rounded to 6 decimals in the JSON and with 6 decimals, unrounded, in the CSV; labels as
// strings; flags as true/false in the JSON and 1/0 in the CSV.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "sim_model/gpu/timing_report.h"

namespace wf::gpu {

using ReportValue = std::variant<std::uint64_t, double, bool, std::string>;

// What a run's rows are computed from.
struct ReportInput {
  const TimingResults& results;
  const sm::TimingConfig& config;
  const std::string& memory_model;  // TimingSession::memory_model()
  const RunLabel& label;
};

inline constexpr int kNoCsvColumn = -1;

struct ReportRow {
  std::string_view json;  // key path, dots nest objects ("l1d.hit_rate" is l1d{hit_rate})
  std::string_view csv;   // column name; empty when the stat is JSON-only
  int csv_column;         // position among the CSV columns (from 0), or kNoCsvColumn
  ReportValue (*value)(const ReportInput&);
  // Null: every run has the row. Else only the runs it is true for (JSON-only rows of one memory
  // model, so that the other runs' files stay as they were).
  bool (*shown)(const ReportInput&) = nullptr;
};

// One entry of the JSON's sms[]: SM number `sm` of the run.
struct SmReportInput {
  const TimingResults& results;
  std::size_t sm;
};

struct SmReportRow {
  std::string_view json;  // key path inside the SM's object, dots nest objects
  ReportValue (*value)(const SmReportInput&);
};

// In JSON order: the run's rows are the top-level keys (and their objects) before sms[],
// kernels[] and warp_dump[], which timing_report.cpp writes by hand.
std::span<const ReportRow> report_rows();
std::span<const SmReportRow> sm_report_rows();

}  // namespace wf::gpu
