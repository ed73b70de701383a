// A timing run's statistics as JSON (everything) and as one CSV row (the headline numbers), with
// stable names. Wall-clock time is deliberately absent: identical runs give identical bytes.
//
// Which statistics, under which JSON keys and CSV columns, and how each is computed: the tables
// of report_rows.cpp. The JSON holds the run's rows in table order (dotted key paths nest
// objects: "l1d.hit_rate" is l1d{hit_rate}), then sms[] (one object per SM from the per-SM
// table), kernels[{name, start, end, cycles, warp_instructions, thread_instructions, ipc,
// ctas[{cta, sm, start, end}]}] and warp_dump[lines] (deadlock: one line per live warp); when
// asked (ReportOptions), fu_histogram{sm_cycles, active_lanes[]} last (fu_histogram.h). The
// CSV holds the rows that have a column, in the columns' order.
#pragma once

#include <string>

#include "sim_model/gpu/timing_session.h"

namespace wf::gpu {

struct RunLabel {
  std::string workload;  // workload or spec name
  bool passed = false;   // the CPU check held
};

// What the JSON holds beyond the statistics every run writes. Off by default, so that the files
// of runs that do not ask stay as they were.
struct ReportOptions {
  bool fu_histogram = false;  // sim --fu-histogram
};

std::string timing_report_json(const TimingSession& session, const RunLabel& label,
                               const ReportOptions& options = {});
std::string timing_report_csv_header();
std::string timing_report_csv_row(const TimingSession& session, const RunLabel& label);

// Summed over SMs.
std::uint64_t total_thread_instructions(const TimingResults& r);
std::uint64_t total_warp_instructions(const TimingResults& r);

}  // namespace wf::gpu
