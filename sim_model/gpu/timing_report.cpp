#include "sim_model/gpu/timing_report.h"

#include <sstream>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sim_model/gpu/fu_histogram.h"
#include "sim_model/gpu/report_rows.h"
#include "sim_model/gpu/run_totals.h"

namespace wf::gpu {
namespace {

using nlohmann::ordered_json;

// Fixed precision keeps the bytes stable across libraries' float printing.
double rounded(double v) {
  return static_cast<double>(static_cast<std::int64_t>(v * 1e6 + 0.5)) / 1e6;
}

// DYNCTA's measures (Kayiran et al., PACT 2013, Table III and Fig. 4): RACT, the cycles an SM
// issued over the cycles it held a CTA (its core inactivity's complement); util, the cycles an
// SM held a CTA over the run's; and per SM its controller's C_idle, C_mem and n.
ordered_json cta_limit_report(const TimingResults& r) {
  ordered_json sms = ordered_json::array();
  std::uint64_t issuing = 0, busy = 0;
  for (std::size_t i = 0; i < r.cta_limits.size() && i < r.sms.size(); ++i) {
    const auto& c = r.cta_limits[i];
    const auto& s = r.sms[i];
    std::uint64_t issued = 0;  // cycles with an issue: the lane histogram's non-empty bins
    for (std::size_t b = 1; b < s.active_lanes.size(); ++b) issued += s.active_lanes[b];
    issuing += issued;
    busy += s.busy_cycles;
    sms.push_back({{"sm", i},
                   {"c_idle", c.idle_cycles},
                   {"c_mem", c.mem_cycles},
                   {"avg_n", rounded(c.avg_limit)},
                   {"ract", rounded(ratio(issued, s.busy_cycles))},
                   {"paused_warp_cycles", c.paused_warp_cycles},
                   {"n", c.limit_series}});
  }
  ordered_json j;
  j["period"] = r.cta_limit_period;
  j["ract"] = rounded(ratio(issuing, busy));
  j["util"] = rounded(ratio(busy, r.cycles * r.sms.size()));
  j["avg_round_trip"] = rounded(r.memory.avg_round_trip());
  j["sms"] = std::move(sms);
  return j;
}

ordered_json json_value(const ReportValue& value) {
  return std::visit(
      [](const auto& v) -> ordered_json {
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, double>)
          return rounded(v);
        else
          return v;
      },
      value);
}

std::string csv_value(const ReportValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, double>)
          return fmt::format("{:.6f}", v);
        else if constexpr (std::is_same_v<T, bool>)
          return v ? "1" : "0";
        else
          return fmt::format("{}", v);
      },
      value);
}

// Sets the value at a dotted key path, creating the objects on the way; objects keep their keys
// in the order first set.
void put(ordered_json& j, std::string_view path, ordered_json value) {
  ordered_json* node = &j;
  for (std::size_t dot = path.find('.'); dot != std::string_view::npos; dot = path.find('.')) {
    node = &(*node)[std::string(path.substr(0, dot))];
    path.remove_prefix(dot + 1);
  }
  (*node)[std::string(path)] = std::move(value);
}

template <class Row, class Input>
void put_rows(ordered_json& j, std::span<const Row> rows, const Input& in) {
  for (const Row& row : rows) {
    if constexpr (requires { row.shown; }) {
      if (row.shown && !row.shown(in)) continue;
    }
    put(j, row.json, json_value(row.value(in)));
  }
}

// The rows with a CSV column, in column order.
std::vector<const ReportRow*> csv_columns() {
  std::vector<const ReportRow*> columns;
  for (const ReportRow& row : report_rows())
    if (row.csv_column != kNoCsvColumn) {
      if (columns.size() <= static_cast<std::size_t>(row.csv_column))
        columns.resize(row.csv_column + 1);
      columns[row.csv_column] = &row;
    }
  // A gap is an error in the table: say so rather than write through a null row.
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (!columns[i]) throw std::logic_error(fmt::format("no report row has CSV column {}", i));
  return columns;
}

ReportInput input(const TimingSession& session, const RunLabel& label) {
  return {session.results(), session.config(), session.memory_model(), label};
}

}  // namespace

std::uint64_t total_thread_instructions(const TimingResults& r) {
  return sm_total(r, &sm::SmStats::thread_instructions);
}
std::uint64_t total_warp_instructions(const TimingResults& r) {
  return sm_total(r, &sm::SmStats::warp_instructions);
}

std::string timing_report_json(const TimingSession& session, const RunLabel& label,
                               const ReportOptions& options) {
  const TimingResults& r = session.results();
  ordered_json j;
  put_rows(j, report_rows(), input(session, label));
  ordered_json sms = ordered_json::array();
  for (std::size_t i = 0; i < r.sms.size(); ++i) {
    ordered_json s = ordered_json::object();
    put_rows(s, sm_report_rows(), SmReportInput{r, i});
    sms.push_back(std::move(s));
  }
  j["sms"] = sms;
  ordered_json kernels = ordered_json::array();
  for (const auto& k : r.kernels) {
    ordered_json ctas = ordered_json::array();
    for (const auto& x : k.ctas)
      ctas.push_back({{"cta", x.cta}, {"sm", x.sm}, {"start", x.start}, {"end", x.end}});
    const std::uint64_t cycles = k.end_cycle - k.start_cycle;
    kernels.push_back({{"name", k.name},
                       {"start", k.start_cycle},
                       {"end", k.end_cycle},
                       {"cycles", cycles},
                       {"warp_instructions", k.warp_instructions},
                       {"thread_instructions", k.thread_instructions},
                       {"ipc", rounded(ratio(k.thread_instructions, cycles))},
                       {"ctas", ctas}});
  }
  j["kernels"] = kernels;
  ordered_json dump = ordered_json::array();
  std::istringstream lines(r.warp_dump);
  for (std::string line; std::getline(lines, line);) dump.push_back(line);
  j["warp_dump"] = dump;
  if (!r.cause.empty())
    j["livelock_cause"] = r.cause;  // only then: other runs' files stay as they were
  if (r.cta_limit_period) j["cta_limits"] = cta_limit_report(r);
  if (options.fu_histogram) {
    const FuHistogram h = fu_histogram(r);
    j["fu_histogram"] = {{"sm_cycles", h.sm_cycles}, {"active_lanes", h.active_lanes}};
  }
  return j.dump(2) + "\n";
}

std::string timing_report_csv_header() {
  std::string h;
  for (const ReportRow* column : csv_columns()) {
    if (!h.empty()) h += ',';
    h += column->csv;
  }
  return h + "\n";
}

std::string timing_report_csv_row(const TimingSession& session, const RunLabel& label) {
  const ReportInput in = input(session, label);
  const std::vector<const ReportRow*> columns = csv_columns();
  std::string row;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i) row += ',';
    row += csv_value(columns[i]->value(in));
  }
  return row + "\n";
}

}  // namespace wf::gpu
