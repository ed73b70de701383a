// The LWM study (Narasiman et al., "Improving GPU Performance via Large Warps and Two-Level Warp
// Scheduling", MICRO 2011) as `warpforge reproduce lwm` runs it on the lwm-core preset: the
// baseline (32 warps of 32 threads, round robin), large warps of 64 to 512 threads, two-level
// round-robin scheduling at fetch groups of 1 to 32 warps, both together, and the two LWM
// optimizations switched off; the report puts our IPC beside the paper's Fig. 9 to 14 and our
// Table 2 classes beside its.
//
// Decisions, where the paper leaves them open:
// - "2Lev" is `--issue 2lev --fetch 2lev`: with one I-buffer entry per warp and barrel
//   processing the issue stage only sees what fetch chose, and an issue stage with its own
//   round robin would undo the fetch groups.
// - A large-warp configuration keeps the core's 1024 threads: max_warps, max_warps_per_cta and
//   max_ctas are all 1024 / size, so a CTA of fewer threads than a large warp fills only some
//   of its rows (the paper's workloads are written for it; ours keep their CTA sizes).
// - Speedups are IPC ratios (thread instructions per cycle, the paper's metric), averaged
//   arithmetically over the workloads; the paper does not say which mean it uses.
// - Input sizes: the paper's workloads run 100 to 200 million dynamic instructions over the
//   core's 1024 threads (sec. 5); our default sizes run 1 to 88 million thread instructions,
//   so the full study runs each at the size below, picked to give 100 to 200 million thread
//   instructions under the baseline. A workload of the suite without one runs at its default.
//   --quick runs the test sizes.
// - A large warp holds threads of one CTA (barriers and shared memory are per CTA), so a CTA
//   of fewer threads than a large warp leaves rows empty: at LWM512 a core of 256-thread CTAs
//   holds 512 threads, not 1024. The report says which workloads this touches.
// - DWF (the paper's second bar) is not modelled.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "tools/warpforge/study.h"
#include "workloads/workload.h"

namespace wf::cli::lwm_study {
namespace {

using nlohmann::ordered_json;

constexpr unsigned kThreads = 1024;  // the core's threads in every configuration
constexpr unsigned kLanes = 32;      // SIMD width = the baseline warp size
const std::array<unsigned, 5> kWarpSizes = {32, 64, 128, 256, 512};
const std::array<unsigned, 6> kGroups = {1, 2, 4, 8, 16, 32};

struct Config {
  std::string label;  // the paper's notation: "LWM256+2Lev2", "2Lev8", "Baseline"
  unsigned warp_size = kLanes;
  unsigned group = 0;  // fetch group size in warps of warp_size; 0: round robin
  bool memory_rows = true, single_jump = true;
};

std::string label_of(unsigned size, unsigned group) {
  std::string l = size == kLanes ? "" : fmt::format("LWM{}", size);
  if (group) l += fmt::format("{}2Lev{}", l.empty() ? "" : "+", group);
  return l.empty() ? "Baseline" : l;
}

// Fig. 9's configurations, whose functional-unit utilization Fig. 10 shows.
const std::vector<std::string> kFig9 = {"Baseline", "LWM256", "2Lev8", "LWM256+2Lev2"};

// A figure the report draws as IPC per workload: its plot key, title, the text under its
// heading, and its configurations.
struct IpcFigure {
  std::string key, title, intro;
  std::vector<std::string> labels;
};

// Every configuration: the warp sizes alone (Fig. 11), each with every fetch group size that
// is at most its warp count (Fig. 13 and 14), and LWM256 with its optimizations off (Fig. 12).
const std::vector<Config>& configs() {
  static const std::vector<Config> c = [] {
    std::vector<Config> v;
    for (unsigned s : kWarpSizes) {
      v.push_back({label_of(s, 0), s, 0});
      for (unsigned g : kGroups)
        if (g <= kThreads / s) v.push_back({label_of(s, g), s, g});
    }
    v.push_back({"LWM256 no opt", 256, 0, false, false});
    v.push_back({"LWM256 mem opt", 256, 0, true, false});
    v.push_back({"LWM256 jump opt", 256, 0, false, true});
    return v;
  }();
  return c;
}

std::string stem_of(const std::string& workload, const Config& c) {
  std::string s = workload + "__w" + std::to_string(c.warp_size);
  if (c.group) s += "_g" + std::to_string(c.group);
  if (!c.memory_rows) s += "_nomem";
  if (!c.single_jump) s += "_nojump";
  return s;
}

std::vector<std::string> sim_args(const Config& c) {
  const std::string policy = c.group ? "2lev" : "lrr";
  std::vector<std::string> a = {"--preset", "lwm-core", "--issue",       policy,
                                "--fetch",  policy,     "--fu-histogram"};
  auto param = [&](const std::string& key, unsigned v) {
    a.insert(a.end(), {"--param", fmt::format("{}={}", key, v)});
  };
  if (c.warp_size != kLanes) {
    const unsigned warps = kThreads / c.warp_size;
    param("large_warp_size", c.warp_size);
    param("max_warps", warps);
    param("max_warps_per_cta", warps);
    param("max_ctas", warps);
    if (!c.memory_rows) param("lwm_memory_rows", 0);
    if (!c.single_jump) param("lwm_single_jump", 0);
  }
  if (c.group) param("fetch_group_size", c.group);
  return a;
}

// The full study's input sizes (see the file comment), with the baseline's thread instructions
// they gave when chosen.
const std::map<std::string, std::uint64_t>& paper_scale_sizes() {
  static const std::map<std::string, std::uint64_t> sizes = {
      {"aes", 131072},           // 16-byte blocks: 133.3 M
      {"bfs", 230400},           // nodes: 139.7 M
      {"blackjack", 46080},      // players: 114.6 M
      {"blackscholes", 524288},  // options: 103.0 M
      {"bucketsort", 1048576},   // keys: 125.8 M
      {"histogram", 16777216},   // input bytes: 168.1 M
      {"hotspot", 512},          // chip side in cells: 170.5 M
      {"kmeans", 180000},        // points: 131.6 M
      {"matmul", 704},           // order n: 138.8 M
      {"needleman", 2048},       // sequence length: 142.1 M
      {"reduce", 4194304},       // elements: 195.3 M
      {"viterbi", 720},          // frames: 161.1 M
  };
  return sizes;
}

// The paper's Table 2: its name for the benchmark and its two classes.
struct PaperRow {
  const char* paper_name;
  const char* branch;
  const char* idle;
};
const std::map<std::string, PaperRow>& paper_table2() {
  static const std::map<std::string, PaperRow> t = {
      {"blackjack", {"blackjack", "high", "low"}},
      {"bucketsort", {"sort", "high", "low"}},
      {"viterbi", {"viterbi", "medium", "low"}},
      {"kmeans", {"kmeans", "medium", "low"}},
      {"aes", {"decrypt", "low", "low"}},
      {"blackscholes", {"blackscholes", "low", "medium"}},
      {"needleman", {"needleman", "low", "medium"}},
      {"hotspot", {"hotspot", "low", "high"}},
      {"matmul", {"matrixmult", "low", "medium"}},
      {"reduce", {"reduction", "low", "high"}},
      {"histogram", {"histogram", "low", "high"}},
      {"bfs", {"bfs", "high", "high"}},
  };
  return t;
}

// Section 5's thresholds: active threads per retired warp above 30 low, 20 to 30 medium,
// below 20 high; FUs completely idle below 20 % of cycles low, 20 to 40 % medium, above high.
const char* branch_class(double threads_per_warp) {
  return threads_per_warp > 30 ? "low" : threads_per_warp >= 20 ? "medium" : "high";
}
const char* idle_class(double idle) {
  return idle < 0.20 ? "low" : idle <= 0.40 ? "medium" : "high";
}

// Fig. 1 / 10's buckets of active lanes per cycle.
struct Bucket {
  const char* name;
  unsigned lo, hi;
};
const std::array<Bucket, 6> kBuckets = {{
    {"0", 0, 0},
    {"1-7", 1, 7},
    {"8-15", 8, 15},
    {"16-23", 16, 23},
    {"24-31", 24, 31},
    {"32", 32, 32},
}};

// Fractions of cycles per bucket; empty when the run has no histogram. Bin 0 is the cycles
// the core issued nothing.
std::vector<double> buckets(const RunStats& s) {
  std::uint64_t total = 0;
  for (auto n : s.active_lanes) total += n;
  if (total == 0) return {};
  std::vector<double> out;
  for (const auto& b : kBuckets) {
    std::uint64_t n = 0;
    for (unsigned i = b.lo; i <= b.hi && i < s.active_lanes.size(); ++i) n += s.active_lanes[i];
    out.push_back(static_cast<double>(n) / static_cast<double>(total));
  }
  return out;
}

double idle_fraction(const RunStats& s) {
  const auto b = buckets(s);
  return b.empty() ? 0 : b[0];
}

double threads_per_warp_instruction(const RunStats& s) {
  return s.warp_instructions
             ? static_cast<double>(s.thread_instructions) / static_cast<double>(s.warp_instructions)
             : 0;
}

class LwmReport {
 public:
  LwmReport(const StudyResults& r, std::vector<std::string> workloads)
      : r_(r), workloads_(std::move(workloads)) {
    for (const auto& w : workloads_) {
      const RunStats* b = find(w, "Baseline");
      if (!b) continue;
      if (std::string(branch_class(threads_per_warp_instruction(*b))) != "low")
        divergent_.push_back(w);
      if (std::string(idle_class(idle_fraction(*b))) != "low") idle_.push_back(w);
    }
  }

  std::string markdown() const;
  std::string plot_data() const;
  std::string csv() const;

 private:
  const RunStats* find(const std::string& w, const std::string& config) const {
    const auto it = r_.runs.find({w, config});
    return it != r_.runs.end() && it->second.ok() ? &it->second : nullptr;
  }
  // IPC of `a` over IPC of `b`, minus one, when both runs succeeded.
  std::optional<double> gain(const std::string& w, const std::string& a,
                             const std::string& b) const {
    const RunStats* x = find(w, a);
    const RunStats* y = find(w, b);
    if (!x || !y || y->ipc <= 0) return std::nullopt;
    return x->ipc / y->ipc - 1.0;
  }
  // The mean gain over `ws` and how many workloads it covers.
  std::pair<double, std::size_t> mean_gain(const std::vector<std::string>& ws, const std::string& a,
                                           const std::string& b) const {
    double sum = 0;
    std::size_t n = 0;
    for (const auto& w : ws)
      if (auto g = gain(w, a, b)) {
        sum += *g;
        ++n;
      }
    return {n ? sum / static_cast<double>(n) : 0, n};
  }
  // The fetch group with the highest mean gain over the baseline for `size`; 0 if none ran.
  unsigned best_group(unsigned size) const {
    unsigned best = 0;
    double best_gain = -1e9;
    for (unsigned g : kGroups) {
      if (g > kThreads / size) continue;
      const auto [m, n] = mean_gain(workloads_, label_of(size, g), "Baseline");
      if (n && m > best_gain) {
        best_gain = m;
        best = g;
      }
    }
    return best;
  }
  std::string ipc_cell(const std::string& w, const std::string& c) const {
    const RunStats* s = find(w, c);
    return s ? fmt::format("{:.2f}", s->ipc) : "failed";
  }
  std::string ipc_table(const std::vector<std::string>& labels) const;
  std::vector<IpcFigure> ipc_figures() const;  // Fig. 9, 11, 12, 13, 14

  const StudyResults& r_;
  std::vector<std::string> workloads_;
  std::vector<std::string> divergent_;  // branch intensity medium or high (ours)
  std::vector<std::string> idle_;       // idle-FU intensity medium or high (ours)
};

std::string pct(double v) {
  return fmt::format("{:+.1f} %", 100.0 * v);
}

std::string LwmReport::ipc_table(const std::vector<std::string>& labels) const {
  std::string md = "| workload |";
  std::string rule = "|---|";
  for (const auto& l : labels) {
    md += " " + l + " |";
    rule += "---|";
  }
  md += "\n" + rule + "\n";
  for (const auto& w : workloads_) {
    md += "| " + w + " |";
    for (const auto& l : labels) md += fmt::format(" {} |", ipc_cell(w, l));
    md += "\n";
  }
  md += "| **mean gain over Baseline** |";
  for (const auto& l : labels) {
    const auto [m, n] = mean_gain(workloads_, l, "Baseline");
    md += n ? fmt::format(" **{}** |", pct(m)) : " – |";
  }
  return md + "\n\n";
}

std::vector<IpcFigure> LwmReport::ipc_figures() const {
  std::vector<std::string> fig13 = {"Baseline"}, fig14 = {"Baseline"};
  for (unsigned g : kGroups) fig13.push_back(label_of(32, g));
  for (unsigned s : kWarpSizes)
    if (unsigned g = best_group(s)) fig14.push_back(label_of(s, g));
  return {
      {"fig9", "IPC: Baseline, LWM, 2Lev, LWM+2Lev (Fig. 9)", "", kFig9},
      {"fig11",
       "Large warp size (Fig. 11), round robin",
       "",
       {"Baseline", "LWM64", "LWM128", "LWM256", "LWM512"}},
      {"fig12",
       "LWM optimizations (Fig. 12), LWM256, round robin",
       "mem opt: memory instructions form one sub-warp per row (`lwm_memory_rows`); jump opt: "
       "an unconditional jump is one sub-warp (`lwm_single_jump`).\n\n",
       {"LWM256 no opt", "LWM256 mem opt", "LWM256 jump opt", "LWM256"}},
      {"fig13", "Fetch group size (Fig. 13), 32-thread warps", "", fig13},
      {"fig14", "Best fetch group per warp size (Fig. 14)",
       "For each warp size, the fetch group with the highest mean gain over the workloads "
       "(the paper plots only that one).\n\n",
       fig14},
  };
}

std::string LwmReport::markdown() const {
  std::string md = "# LWM reproduction (Narasiman et al., MICRO 2011) on the lwm-core preset\n\n";
  md += fmt::format(
      "{} mode: {} workloads (suite `lwm`, the paper's Table 2), {} configurations, {}\n\n",
      r_.quick ? "Quick (test-size inputs)"
               : "Full (inputs of 100 to 200 million thread instructions, as the paper's)",
      workloads_.size(), configs().size(), study_runs_sentence(r_));
  md +=
      "IPC counts active threads (the paper's metric: a sub-warp of n threads retires n "
      "instructions; peak 32). Baseline: 32 warps of 32 threads, round robin. LWM*S*: 1024 / *S* "
      "large warps of *S* threads. 2Lev*G*: two-level round robin (issue and fetch) with fetch "
      "groups of *G* warps of the configuration's size. Gains are IPC ratios minus one, "
      "averaged arithmetically over the workloads.\n\n";

  // Table 2.
  md += "## Workload classes (Table 2), measured under Baseline\n\n";
  md +=
      "Branch intensity: thread instructions per warp instruction (> 30 low, 20–30 medium, "
      "< 20 high). Idle-FU intensity: share of cycles the core issued nothing (< 20 % low, "
      "20–40 % medium, > 40 % high).\n\n";
  md +=
      "| workload | paper's name | size | thread instr | threads / warp instr | branch: ours | "
      "branch: paper | idle FU cycles | idle FU: ours | idle FU: paper "
      "|\n|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& w : workloads_) {
    const auto it = paper_table2().find(w);
    const PaperRow p = it != paper_table2().end() ? it->second : PaperRow{"–", "–", "–"};
    const RunStats* b = find(w, "Baseline");
    const auto sized = paper_scale_sizes().find(w);
    const std::uint64_t n = r_.quick ? workloads::find_workload(w)->test_size
                            : sized != paper_scale_sizes().end() ? sized->second
                                                                 : 0;
    const std::string size = n ? std::to_string(n) : "default";
    if (!b) {
      md += fmt::format("| {} | {} | {} | – | failed | – | {} | – | – | {} |\n", w, p.paper_name,
                        size, p.branch, p.idle);
      continue;
    }
    const double t = threads_per_warp_instruction(*b), idle = idle_fraction(*b);
    const auto mark = [](const char* ours, const char* paper) {
      return std::string(ours) == paper ? std::string(ours) : fmt::format("**{}**", ours);
    };
    md += fmt::format("| {} | {} | {} | {:.1f} M | {:.1f} | {} | {} | {:.1f} % | {} | {} |\n", w,
                      p.paper_name, size, static_cast<double>(b->thread_instructions) / 1e6, t,
                      mark(branch_class(t), p.branch), p.branch, 100 * idle,
                      mark(idle_class(idle), p.idle), p.idle);
  }
  md += fmt::format(
      "\nBold: our class differs from the paper's. Branch-divergent below (medium or high, "
      "ours): {}. Idle-FU-intensive (medium or high, ours): {}.\n\n",
      divergent_.empty() ? "none" : fmt::format("{}", fmt::join(divergent_, ", ")),
      idle_.empty() ? "none" : fmt::format("{}", fmt::join(idle_, ", ")));

  // Headline relations.
  struct Relation {
    std::string faster, slower;
    const std::vector<std::string>* ws;
    std::string suite, paper;
    bool neutral = false;  // expected within ±2 % instead of faster
  };
  const unsigned best32 = best_group(32);
  const std::vector<Relation> relations = {
      {"LWM256", "Baseline", &workloads_, "all", "+7.6 %"},
      {"2Lev8", "Baseline", &workloads_, "all", "+10.1 %"},
      {"LWM256+2Lev2", "Baseline", &workloads_, "all", "+17.0 %"},
      {"LWM256", "Baseline", &divergent_, "branch-divergent", "large gains (Fig. 9, left)"},
      {"2Lev8", "Baseline", &idle_, "idle-FU-intensive", "large gains (Fig. 9, right)"},
      {"LWM256+2Lev2", "LWM256", &workloads_, "all", "+8.7 % (117.0 / 107.6)"},
      {"LWM256+2Lev2", "2Lev8", &workloads_, "all", "+6.3 % (117.0 / 110.1)"},
      {"2Lev8", "2Lev1", &workloads_, "all", "a mid-sized group beats the smallest (Fig. 13)"},
      {"2Lev8", "2Lev32", &workloads_, "all", "a mid-sized group beats the largest (Fig. 13)"},
      {"LWM256", "LWM64", &workloads_, "all", "larger warps help up to 256 (Fig. 11)"},
      {"LWM256", "LWM512", &workloads_, "all", "512 slightly worse than 256 (Fig. 11)"},
      {"LWM256", "LWM256 mem opt", &workloads_, "all", "jump optimization about +1 % (Fig. 12)"},
      {"LWM256", "LWM256 jump opt", &workloads_, "all",
       "memory-divergence optimization: little (Fig. 12)", true},
  };
  md += "## Headline relations: ours beside the paper's\n\n";
  md += "| relation | workloads | paper | ours: mean | ours: min … max | holds |\n";
  md += "|---|---|---|---|---|---|\n";
  std::vector<std::string> not_holding;
  for (const auto& rel : relations) {
    std::vector<double> gs;
    for (const auto& w : *rel.ws)
      if (auto g = gain(w, rel.faster, rel.slower)) gs.push_back(*g);
    std::string mean = "–", range = "–", holds = "n/a";
    if (!gs.empty()) {
      double m = 0;
      for (double g : gs) m += g;
      m /= static_cast<double>(gs.size());
      mean = fmt::format("{:+.2f} %", 100 * m);
      range = pct(*std::min_element(gs.begin(), gs.end())) + " … " +
              pct(*std::max_element(gs.begin(), gs.end()));
      const bool ok = rel.neutral ? std::abs(m) < 0.02 : m > 0;
      holds = ok ? "yes" : "**no**";
      if (!ok)
        not_holding.push_back(fmt::format("{} over {} ({}): paper {}, ours {}", rel.faster,
                                          rel.slower, rel.suite, rel.paper, mean));
    }
    md += fmt::format("| {} over {} | {} ({}) | {} | {} | {} | {} |\n", rel.faster, rel.slower,
                      rel.suite, gs.size(), rel.paper, mean, range, holds);
  }
  md +=
      "\n\"holds\": for a claimed gain our mean gain is positive; for \"little\", within ±2 %. "
      "The branch-divergent and idle-FU-intensive sets are our own classes (Table 2 above).\n\n";
  // The best configuration on average, against the paper's LWM256+2Lev2.
  std::string best_label;
  double best_mean = -1e9;
  for (const auto& c : configs()) {
    const auto [m, n] = mean_gain(workloads_, c.label, "Baseline");
    if (n && m > best_mean) {
      best_mean = m;
      best_label = c.label;
    }
  }
  md += fmt::format(
      "Best fetch group for 32-thread warps: ours 2Lev{} (paper: 2Lev8). Best configuration on "
      "average: ours {} ({}), paper LWM256+2Lev2.\n\n",
      best32, best_label.empty() ? "–" : best_label, best_label.empty() ? "–" : pct(best_mean));
  if (!not_holding.empty()) {
    md += "Where the paper's relation does not hold in our model:\n\n";
    for (const auto& s : not_holding) md += "- " + s + "\n";
    md += "\n";
  }

  const std::vector<IpcFigure> figures = ipc_figures();
  auto ipc_section = [&](const IpcFigure& f) {
    md += "## " + f.title + "\n\n" + f.intro + ipc_table(f.labels);
  };
  ipc_section(figures[0]);

  md += "## Functional-unit utilization (Fig. 10)\n\n";
  md +=
      "Share of cycles by the number of lanes active in what the core issued (0: nothing "
      "issued).\n\n| workload | configuration |";
  for (const auto& b : kBuckets) md += fmt::format(" {} |", b.name);
  md += "\n|---|---|";
  for (std::size_t i = 0; i < kBuckets.size(); ++i) md += "---|";
  md += "\n";
  for (const auto& w : workloads_) {
    for (const auto& c : kFig9) {
      const RunStats* s = find(w, c);
      const auto b = s ? buckets(*s) : std::vector<double>{};
      md += fmt::format("| {} | {} |", w, c);
      for (std::size_t i = 0; i < kBuckets.size(); ++i)
        md += b.empty() ? " – |" : fmt::format(" {:.1f} % |", 100 * b[i]);
      md += "\n";
    }
  }
  md += "\n";
  for (std::size_t i = 1; i < figures.size(); ++i) ipc_section(figures[i]);

  md +=
      "Plots: `fig9.png` … `fig14.png`. Every run: `runs.csv`; `runs/` holds each run's stats "
      "and log.\n\n";
  md += failed_runs_markdown(r_.runs, "configuration");
  return md;
}

std::string LwmReport::plot_data() const {
  ordered_json j;
  j["workloads"] = workloads_;
  auto ipcs = [&](const std::string& c) {
    ordered_json v = ordered_json::array();
    for (const auto& w : workloads_) {
      const RunStats* s = find(w, c);
      v.push_back(s ? ordered_json(s->ipc) : ordered_json(nullptr));
    }
    return v;
  };
  auto figure = [&](const std::string& title, const std::vector<std::string>& labels) {
    ordered_json f;
    f["title"] = title;
    f["configs"] = labels;
    ordered_json ipc = ordered_json::object();
    for (const auto& l : labels) ipc[l] = ipcs(l);
    f["ipc"] = ipc;
    return f;
  };
  for (const IpcFigure& f : ipc_figures()) j[f.key] = figure(f.title, f.labels);
  ordered_json f10;
  f10["title"] = "Functional-unit utilization (Fig. 10)";
  ordered_json names = ordered_json::array();
  for (const auto& b : kBuckets) names.push_back(b.name);
  f10["buckets"] = names;
  f10["configs"] = kFig9;
  ordered_json shares = ordered_json::object();
  for (const auto& c : kFig9) {
    ordered_json per = ordered_json::array();
    for (const auto& w : workloads_) {
      const RunStats* s = find(w, c);
      const auto b = s ? buckets(*s) : std::vector<double>{};
      per.push_back(b.empty() ? ordered_json(nullptr) : ordered_json(b));
    }
    shares[c] = per;
  }
  f10["shares"] = shares;
  j["fig10"] = f10;
  return j.dump(1) + "\n";
}

std::string LwmReport::csv() const {
  std::string csv =
      "workload,config,warp_size,fetch_group,memory_opt,jump_opt,exit_status,status,passed,"
      "cycles,warp_instructions,thread_instructions,ipc";
  for (const auto& b : kBuckets) csv += fmt::format(",lanes_{}", b.name);
  csv += "\n";
  for (const auto& c : configs()) {
    for (const auto& w : workloads_) {
      const auto it = r_.runs.find({w, c.label});
      if (it == r_.runs.end()) continue;
      const RunStats& s = it->second;
      csv += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{:.6f}", w, c.label, c.warp_size,
                         c.group, c.memory_rows ? 1 : 0, c.single_jump ? 1 : 0, s.exit_status,
                         s.status, s.passed ? 1 : 0, s.cycles, s.warp_instructions,
                         s.thread_instructions, s.ipc);
      const auto b = buckets(s);
      for (std::size_t i = 0; i < kBuckets.size(); ++i)
        csv += b.empty() ? "," : fmt::format(",{:.6f}", b[i]);
      csv += "\n";
    }
  }
  return csv;
}

class LwmStudy final : public Study {
 public:
  std::string name() const override { return "lwm"; }
  std::string summary() const override {
    return "LWM and two-level scheduling (Narasiman et al., MICRO 2011): warp and fetch group "
           "sizes on lwm-core";
  }
  std::vector<StudyRun> plan(bool quick, const std::vector<std::string>& only) const override {
    check_study_workloads("LWM", {"lwm"}, only);
    std::vector<StudyRun> runs;
    for (const auto& w : suite_workloads("lwm", only)) {
      for (const auto& c : configs()) {
        StudyRun run{w, c.label, stem_of(w, c), sim_args(c), {}, {}};
        const auto sized = paper_scale_sizes().find(w);
        if (quick)
          run.sim_args.insert(run.sim_args.end(),
                              {"--size", std::to_string(workloads::find_workload(w)->test_size)});
        else if (sized != paper_scale_sizes().end())
          run.sim_args.insert(run.sim_args.end(), {"--size", std::to_string(sized->second)});
        runs.push_back(std::move(run));
      }
    }
    return runs;
  }
  std::string plot_script() const override { return "lwm_plots.py"; }
  StudyReport report(const StudyResults& r) const override {
    const LwmReport rep(r, suite_workloads("lwm", r.only));
    return {rep.markdown(), rep.plot_data(), rep.csv()};
  }
};

}  // namespace

WF_STUDY(LwmStudy);

}  // namespace wf::cli::lwm_study
