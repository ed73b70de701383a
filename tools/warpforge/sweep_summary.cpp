#include "tools/warpforge/sweep_summary.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "sim_model/common/error.h"

namespace wf::cli {
// Named, not anonymous: the command line compiles as a unity build.
namespace sweep_summary_impl {

constexpr const char* kMetrics[] = {"ipc", "cycles", "thread_instructions", "warp_instructions"};

double metric_of(const RunStats& s, const std::string& m) {
  if (m == "ipc") return s.ipc;
  if (m == "cycles") return static_cast<double>(s.cycles);
  if (m == "thread_instructions") return static_cast<double>(s.thread_instructions);
  return static_cast<double>(s.warp_instructions);
}

std::size_t axis_index(const SweepSpec& spec, const std::string& name, const std::string& flag) {
  for (std::size_t i = 0; i < spec.axes.size(); ++i)
    if (spec.axes[i].name == name) return i;
  std::vector<std::string> names;
  for (const SweepAxis& a : spec.axes) names.push_back(a.name);
  throw UsageError(fmt::format("{} {}: not an axis of sweep {}; expected one of {}", flag, name,
                               spec.name, fmt::join(names, ", ")));
}

std::string shown(const std::string& v) {
  return v.empty() ? "preset" : v;
}

}  // namespace sweep_summary_impl

SweepView resolve_sweep_view(const SweepSpec& spec, const SweepView& v) {
  namespace impl = sweep_summary_impl;
  SweepView r = v;
  if (r.metric.empty()) r.metric = "ipc";
  if (std::find(std::begin(impl::kMetrics), std::end(impl::kMetrics), r.metric) ==
      std::end(impl::kMetrics))
    throw UsageError(
        fmt::format("--metric {}: expected one of {}", r.metric, fmt::join(impl::kMetrics, ", ")));
  auto varying = [&](const std::string& other) -> std::string {
    for (const SweepAxis& a : spec.axes)
      if (a.values.size() > 1 && a.name != other) return a.name;
    return "";
  };
  if (r.x.empty()) r.x = varying("");
  if (r.x.empty()) r.x = "workload";
  impl::axis_index(spec, r.x, "--x");
  if (r.group.empty()) {
    r.group = varying(r.x);
  } else {
    impl::axis_index(spec, r.group, "--group");
    if (r.group == r.x) throw UsageError("--group " + r.group + ": the same axis as --x");
  }
  return r;
}

SweepSummary sweep_summary(const SweepSpec& spec, const std::vector<SweepRun>& runs,
                           const std::function<const RunStats*(const SweepRun&)>& stats,
                           const SweepView& view, const std::string& how) {
  namespace impl = sweep_summary_impl;
  const std::size_t xi = impl::axis_index(spec, view.x, "--x");
  const std::vector<std::string>& xs = spec.axes[xi].values;
  std::optional<std::size_t> gi;
  if (!view.group.empty()) gi = impl::axis_index(spec, view.group, "--group");
  const std::vector<std::string> gs =
      gi ? spec.axes[*gi].values : std::vector<std::string>{std::string()};
  // Sums and counts of the metric per (group, x), over the runs that passed.
  std::vector<std::vector<double>> sum(gs.size(), std::vector<double>(xs.size(), 0));
  std::vector<std::vector<std::size_t>> n(gs.size(), std::vector<std::size_t>(xs.size(), 0));
  std::size_t passed = 0, failed = 0, missing = 0;
  std::string failures;
  for (const SweepRun& r : runs) {
    const RunStats* s = stats(r);
    if (!s) {
      ++missing;
      failures += fmt::format("| {} {} | missing |\n", r.run.workload, r.run.config);
      continue;
    }
    if (!s->ok()) {
      ++failed;
      failures += fmt::format("| {} {} | exit status {}, {} |\n", r.run.workload, r.run.config,
                              s->exit_status, s->status.empty() ? "no statistics" : s->status);
      continue;
    }
    ++passed;
    const std::size_t x = std::find(xs.begin(), xs.end(), r.values[xi]) - xs.begin();
    const std::size_t g =
        gi ? std::find(gs.begin(), gs.end(), r.values[*gi]) - gs.begin() : std::size_t{0};
    sum[g][x] += impl::metric_of(*s, view.metric);
    ++n[g][x];
  }
  nlohmann::ordered_json j;
  j["name"] = spec.name;
  j["metric"] = view.metric;
  j["x"] = view.x;
  j["group"] = view.group;
  std::vector<std::string> xs_shown, gs_shown;
  for (const auto& x : xs) xs_shown.push_back(impl::shown(x));
  for (const auto& g : gs) gs_shown.push_back(gi ? impl::shown(g) : std::string());
  j["x_values"] = xs_shown;
  j["group_values"] = gs_shown;
  j["means"] = nlohmann::ordered_json::array();
  for (std::size_t g = 0; g < gs.size(); ++g) {
    nlohmann::ordered_json row = nlohmann::ordered_json::array();
    for (std::size_t x = 0; x < xs.size(); ++x)
      row.push_back(n[g][x] ? nlohmann::ordered_json(sum[g][x] / static_cast<double>(n[g][x]))
                            : nlohmann::ordered_json(nullptr));
    j["means"].push_back(row);
  }

  std::string md = fmt::format("# Sweep {}\n\n", spec.name);
  md += fmt::format("{} runs: {} passed, {} failed, {} missing. {}\n\n", runs.size(), passed,
                    failed, missing, how);
  md += fmt::format("## {} by {}{}\n\n", view.metric, view.x, gi ? " and " + view.group : "");
  md += fmt::format(
      "The mean of `{}` over the runs that passed, for each value of {} (rows){}, over every "
      "value of the other axes; `–`: no run passed there, or the excludes left none. Every run is "
      "a row of `sweep.csv`.\n\n",
      view.metric, view.x, gi ? fmt::format(" and of {} (columns)", view.group) : "");
  md += "| " + view.x + (gi ? " \\ " + view.group : "") + " |";
  for (const auto& g : gs_shown) md += " " + (gi ? g : view.metric) + " |";
  md += "\n|---|";
  for (std::size_t g = 0; g < gs.size(); ++g) md += "---|";
  md += "\n";
  for (std::size_t x = 0; x < xs.size(); ++x) {
    md += "| " + xs_shown[x] + " |";
    for (std::size_t g = 0; g < gs.size(); ++g)
      md += n[g][x] ? fmt::format(" {:.6g} |", sum[g][x] / static_cast<double>(n[g][x])) : " – |";
    md += "\n";
  }
  md += "\nPlot: `sweep.png` (`sweep --metric`, `--x` and `--group` choose what it shows).\n\n";
  if (!failures.empty())
    md += "## Runs that did not pass\n\n| run | what |\n|---|---|\n" + failures + "\n";
  return {md, j.dump(2) + "\n"};
}

}  // namespace wf::cli
