// The DYNCTA study (Kayiran et al., "Neither More Nor Less: Optimizing Thread-level Parallelism
// for GPGPUs", PACT 2013) as `warpforge reproduce dyncta` runs it on the dyncta30 preset (the
// paper's Table I): every workload of suite `dyncta` under the CUDA default (`max`), every
// static CTA limit 1 to 8 (the paper's exhaustive search for "opt"), DYNCTA, and two-level
// scheduling under `max` (Fig. 10's "2Lev"); the report puts our Fig. 1, 3, 8, 9 and 10 beside
// the paper's numbers.
//
// Decisions, where the paper leaves them open:
// - Types (Sec. III-A) come from the max run, as the paper's Fig. 3 does: idle time is the
//   share of SM-cycles without a resident CTA (1 - util; the paper also counts synchronization
//   stalls, which this does not), RACT the share of the 4-cycle issue slots of an SM holding a
//   CTA in which it issued (issuing cycles x 4 / busy cycles, at most 1). The paper's core takes
//   one warp every 4 cycles (Table I: SIMT width 8), so a core that issues in every slot is
//   fully active; dyncta30's units each take a warp every 4 cycles, and one scheduler issues at
//   most one warp a cycle, so cycles with an issue over busy cycles alone would put even the
//   most compute-bound kernel near 25 %. Type-X above 20 % idle, else Type-C above 66 % RACT,
//   else Type-M.
// - opt is the static limit of the highest IPC, the smallest of equal ones; min is limit 1. N
//   is the smallest limit from which every static run has the max run's cycles and
//   instructions: the largest limit that still changes anything (occupancy, or fewer when a
//   grid is too small to give every SM that many CTAs).
// - "2Lev" is `--issue 2lev --fetch 2lev` with the preset's fetch groups of 8 warps, as in the
//   LWM study (Narasiman et al., the paper's [28]).
// - Speedups are IPC ratios over max; means are arithmetic and geometric over the workloads,
//   as the paper gives both for Fig. 10.
// - --quick runs each workload's test size on a one-SM dyncta30, so that a few CTAs still
//   share an SM and the limits have something to change.
#include <algorithm>
#include <cmath>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "tools/warpforge/study.h"
#include "workloads/workload.h"

namespace wf::cli::dyncta_study {
namespace {

using nlohmann::ordered_json;

constexpr unsigned kMaxLimit = 8;      // dyncta30's max_ctas, the paper's limit of 8 per core
constexpr double kIssueSlot = 4;       // cycles per warp in the 8-wide SIMT lanes (Table I)
constexpr double kTypeXIdle = 0.20;    // Sec. III-A: idle time above 20 %
constexpr double kTypeCRact = 0.66;    // Sec. III-A: RACT above 66 %
constexpr double kNearOpt = 0.90;      // "near opt": at least 90 % of opt's IPC
constexpr double kTypeCFloor = -0.03;  // "stays near max" on Type-C: at worst 3 % slower
constexpr double kNearOptN = 0.5;      // average n "very close to opt": the paper's are 0.24 apart

const char* const kMax = "max";
const char* const kDyncta = "DYNCTA";
const char* const kTwoLevel = "2Lev";

std::string static_label(unsigned limit) {
  return fmt::format("static {}", limit);
}

struct Config {
  std::string label;  // its name in the report
  std::string key;    // file-name safe
  std::vector<std::string> args;
};

const std::vector<Config>& configs() {
  static const std::vector<Config> c = [] {
    std::vector<Config> v;
    v.push_back({kMax, "max", {"--dispatch", "max"}});
    for (unsigned l = 1; l <= kMaxLimit; ++l)
      v.push_back({static_label(l),
                   fmt::format("static{}", l),
                   {"--dispatch", "static", "--cta-limit", std::to_string(l)}});
    v.push_back({kDyncta, "dyncta", {"--dispatch", "dyncta"}});
    v.push_back({kTwoLevel, "2lev", {"--dispatch", "max", "--issue", "2lev", "--fetch", "2lev"}});
    return v;
  }();
  return c;
}

// Table II's name and type, and what the paper's text says of the workload (Sec. III and V).
struct PaperRow {
  const char* name;
  char type;
  const char* notes;
};
const std::map<std::string, PaperRow>& paper_table2() {
  static const std::map<std::string, PaperRow> t = {
      {"pvc", {"PVC", 'M', "opt 3.5x max; DYNCTA 3.6x"}},
      {"simscore", {"SSC", 'M', ""}},
      {"iix", {"IIX", 'M', "opt 4.9x max; DYNCTA 2.9x"}},
      {"bfs", {"BFS", 'M', "DYNCTA beats opt by > 2 %"}},
      {"sad", {"SAD", 'M', "N 8, opt 4, average n 4.3; DYNCTA 2.9x"}},
      {"lud", {"LUD", 'X', "no gain (too few threads)"}},
      {"spmv", {"SPMV", 'M', ""}},
      {"needleman", {"NW", 'X', "DYNCTA about -2 %"}},
      {"kmeans", {"KM", 'M', "DYNCTA 1.9x"}},
      {"scalarprod", {"SCP", 'M', "DYNCTA -3 %"}},
      {"pvr", {"PVR", 'M', ""}},
      {"aes", {"AES", 'M', "N 4, opt 1 (Fig. 4)"}},
      {"libor", {"LIB", 'M', "N 8, at most 3 CTAs a core (64 CTAs); no room"}},
      {"srad", {"SD2", 'M', ""}},
      {"backprop", {"BP", 'M', ""}},
      {"blackscholes", {"BLK", 'C', "DYNCTA about -2 %; 2Lev beats opt"}},
      {"hotspot", {"HOT", 'C', ""}},
      {"matmul", {"MM", 'C', "N 8, opt 8 (Fig. 4)"}},
      {"cp", {"CP", 'C', "N 8, opt 3 (util); DYNCTA gains, n goes to 8"}},
  };
  return t;
}

// Fig. 8's workloads: SAD, as the paper's, and three for contrast on our model: matmul (Type-C,
// N 4, opt 4), spmv (Type-M, opt 1) and lud (Type-X: C_idle raises n).
const std::vector<std::string> kFig8 = {"sad", "matmul", "spmv", "lud"};

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

// Geometric mean of ratios.
double geomean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += std::log(x);
  return v.empty() ? 0 : std::exp(s / static_cast<double>(v.size()));
}

std::string pct(double v) {
  return fmt::format("{:+.1f} %", 100.0 * v);
}

std::string opt_cell(const std::optional<double>& v, const char* f = "{:.2f}") {
  return v ? fmt::format(fmt::runtime(f), *v) : "–";
}

// What the study measures of one workload.
struct Measures {
  std::optional<double> idle, issue_share, ract;  // under max
  char type = '?';                                // ours: 'C', 'M' or 'X'
  std::optional<unsigned> n_max;                  // N: the largest limit that changes anything
  std::optional<unsigned> opt;                    // the best static limit
  std::optional<double> avg_n;                    // DYNCTA's n, averaged over cycles and SMs
  // avg_n, at most N: a limit above N places no more CTAs than N. Where a grid gives an SM
  // fewer CTAs than it holds, C_idle raises n towards the occupancy, which counts nothing.
  std::optional<double> fig9_n() const {
    if (!avg_n || !n_max) return avg_n;
    return std::min(*avg_n, static_cast<double>(*n_max));
  }
  std::vector<double> n_series;  // DYNCTA's n per period, averaged over SMs
};

class DynctaReport {
 public:
  DynctaReport(const StudyResults& r, std::vector<std::string> workloads)
      : r_(r), workloads_(std::move(workloads)) {
    for (const auto& w : workloads_) measures_[w] = measure(w);
  }

  std::string markdown() const;
  std::string plot_data() const;
  std::string csv() const;

 private:
  const RunStats* find(const std::string& w, const std::string& config) const {
    const auto it = r_.runs.find({w, config});
    return it != r_.runs.end() && it->second.ok() ? &it->second : nullptr;
  }
  std::optional<double> ipc(const std::string& w, const std::string& config) const {
    const RunStats* s = find(w, config);
    return s ? std::optional<double>(s->ipc) : std::nullopt;
  }
  // The IPC of `config` over max's; opt's when config is "opt".
  std::optional<double> speedup(const std::string& w, const std::string& config) const {
    const auto base = ipc(w, kMax);
    const std::string c = config == "opt" ? opt_label(w) : config;
    const auto x = c.empty() ? std::nullopt : ipc(w, c);
    if (!base || !x || *base <= 0) return std::nullopt;
    return *x / *base;
  }
  std::string opt_label(const std::string& w) const {
    const auto o = measures_.at(w).opt;
    return o ? static_label(*o) : "";
  }
  // The speedups of `config` over max on `ws`, for the workloads where both ran.
  std::vector<double> speedups(const std::vector<std::string>& ws,
                               const std::string& config) const {
    std::vector<double> v;
    for (const auto& w : ws)
      if (auto s = speedup(w, config)) v.push_back(*s);
    return v;
  }
  std::vector<std::string> of_type(char t) const {
    std::vector<std::string> v;
    for (const auto& w : workloads_)
      if (measures_.at(w).type == t) v.push_back(w);
    return v;
  }
  Measures measure(const std::string& w) const;
  // Fig. 8's workloads that have a DYNCTA series, filled up to four from the others.
  std::vector<std::string> fig8_workloads() const {
    std::vector<std::string> v;
    for (const auto& w : kFig8)
      if (measures_.count(w) && !measures_.at(w).n_series.empty()) v.push_back(w);
    for (const auto& w : workloads_)
      if (v.size() < kFig8.size() && !measures_.at(w).n_series.empty() &&
          std::find(v.begin(), v.end(), w) == v.end())
        v.push_back(w);
    return v;
  }
  // The sampling period of the DYNCTA runs; 0 if none ran.
  unsigned period() const {
    for (const auto& w : workloads_)
      if (const RunStats* s = find(w, kDyncta); s && s->cta_limits) return s->cta_limits->period;
    return 0;
  }
  std::string classification() const;
  std::string relations() const;
  std::string fig1() const;
  std::string fig9() const;
  std::string fig10() const;
  std::string fig8_and_counters() const;
  std::string ipc_table() const;

  const StudyResults& r_;
  std::vector<std::string> workloads_;
  std::map<std::string, Measures> measures_;
};

Measures DynctaReport::measure(const std::string& w) const {
  Measures m;
  if (const RunStats* s = find(w, kMax); s && !s->active_lanes.empty()) {
    std::uint64_t issuing = 0, all = 0;
    for (std::size_t i = 0; i < s->active_lanes.size(); ++i) {
      all += s->active_lanes[i];
      if (i) issuing += s->active_lanes[i];
    }
    const double busy = s->util * static_cast<double>(all);
    m.idle = 1 - s->util;
    m.issue_share = busy > 0 ? static_cast<double>(issuing) / busy : 0;
    m.ract = std::min(1.0, kIssueSlot * *m.issue_share);
    m.type = *m.idle > kTypeXIdle ? 'X' : *m.ract > kTypeCRact ? 'C' : 'M';
  }
  // N: one more than the largest limit whose run differs from max.
  if (const RunStats* base = find(w, kMax)) {
    unsigned n = 1;
    bool known = true;
    for (unsigned l = 1; l <= kMaxLimit; ++l) {
      const RunStats* s = find(w, static_label(l));
      if (!s) {
        known = false;
        break;
      }
      if (s->cycles != base->cycles || s->thread_instructions != base->thread_instructions)
        n = l + 1;
    }
    if (known) m.n_max = std::min(n, kMaxLimit);
  }
  double best = 0;
  for (unsigned l = 1; l <= kMaxLimit; ++l)
    if (const auto x = ipc(w, static_label(l)); x && *x > best) {
      best = *x;
      m.opt = l;
    }
  if (const RunStats* d = find(w, kDyncta); d && d->cta_limits && !d->cta_limits->sms.empty()) {
    const auto& sms = d->cta_limits->sms;
    double sum = 0;
    std::size_t periods = 0;
    for (const auto& s : sms) {
      sum += s.avg_n;
      periods = std::max(periods, s.n.size());
    }
    m.avg_n = sum / static_cast<double>(sms.size());
    for (std::size_t p = 0; p < periods; ++p) {
      double n = 0;
      for (const auto& s : sms) n += p < s.n.size() ? s.n[p] : 0;
      m.n_series.push_back(n / static_cast<double>(sms.size()));
    }
  }
  return m;
}

std::string DynctaReport::classification() const {
  std::string md = "## Workload types (Table II, Fig. 3), measured under max\n\n";
  md += fmt::format(
      "Idle: share of SM-cycles with no CTA resident (the paper also counts synchronization "
      "stalls; we do not). Issue share: cycles in which an SM holding a CTA issued a warp, over "
      "its cycles holding one. RACT: the share of its {:.0f}-cycle issue slots it used (issue "
      "share × {:.0f}, at most 1; the paper's core takes a warp every {:.0f} cycles). Type-X "
      "above {:.0f} % idle, else Type-C above {:.0f} % RACT, else Type-M.\n\n",
      kIssueSlot, kIssueSlot, kIssueSlot, 100 * kTypeXIdle, 100 * kTypeCRact);
  md +=
      "| workload | paper's name | idle | issue share | RACT | type: ours | type: paper |\n"
      "|---|---|---|---|---|---|---|\n";
  for (const auto& w : workloads_) {
    const auto it = paper_table2().find(w);
    const std::string name = it != paper_table2().end() ? it->second.name : "–";
    const char paper = it != paper_table2().end() ? it->second.type : '?';
    const Measures& m = measures_.at(w);
    const std::string ours = m.type == '?' ? "–" : fmt::format("Type-{}", m.type);
    md += fmt::format(
        "| {} | {} | {} | {} | {} | {} | Type-{} |\n", w, name,
        opt_cell(m.idle ? std::optional<double>(100 * *m.idle) : std::nullopt, "{:.1f} %"),
        opt_cell(m.issue_share), opt_cell(m.ract),
        m.type == paper || m.type == '?' ? ours : "**" + ours + "**", paper);
  }
  md += "\nBold: our type differs from the paper's.\n\n";
  return md;
}

std::string DynctaReport::relations() const {
  struct Row {
    std::string relation, workloads, paper, ours;
    std::optional<bool> holds;  // none: no run to judge by
  };
  std::vector<Row> rows;
  const auto type_m = of_type('M'), type_c = of_type('C');
  auto count = [](const std::string& what, std::size_t n) {
    return fmt::format("{} ({})", what, n);
  };
  {
    const auto s = speedups(type_m, kDyncta);
    Row r{"DYNCTA over max", count("Type-M, ours", s.size()),
          "most Type-M gain (IIX 2.9x, SAD "
          "2.9x, KM 1.9x)",
          "–", std::nullopt};
    if (!s.empty()) {
      r.ours =
          fmt::format("mean {}, geomean {}, {} of {} faster", pct(mean(s) - 1), pct(geomean(s) - 1),
                      std::count_if(s.begin(), s.end(), [](double x) { return x > 1; }), s.size());
      r.holds = mean(s) > 1;
    }
    rows.push_back(r);
  }
  {
    std::vector<std::string> paper_m;
    for (const auto& w : workloads_)
      if (const auto it = paper_table2().find(w);
          it != paper_table2().end() && it->second.type == 'M')
        paper_m.push_back(w);
    const auto s = speedups(paper_m, kDyncta);
    Row r{"DYNCTA over max", count("Type-M, paper's", s.size()),
          "IIX 2.9x, PVC 3.6x, SAD 2.9x, KM 1.9x; WP, LIB no room", "–", std::nullopt};
    if (!s.empty()) {
      r.ours =
          fmt::format("mean {}, geomean {}, {} of {} faster", pct(mean(s) - 1), pct(geomean(s) - 1),
                      std::count_if(s.begin(), s.end(), [](double x) { return x > 1; }), s.size());
      r.holds = mean(s) > 1;
    }
    rows.push_back(r);
  }
  {
    std::vector<double> ratios;
    std::vector<std::string> far;
    for (const auto& w : type_m) {
      const auto d = ipc(w, kDyncta);
      const auto o = opt_label(w).empty() ? std::nullopt : ipc(w, opt_label(w));
      if (!d || !o || *o <= 0) continue;
      ratios.push_back(*d / *o);
      if (*d / *o < kNearOpt) far.push_back(fmt::format("{} {:.0f} %", w, 100 * *d / *o));
    }
    Row r{"DYNCTA near opt", count("Type-M, ours", ratios.size()), "close to opt for most Type-M",
          "–", std::nullopt};
    if (!ratios.empty()) {
      r.ours = fmt::format("mean {:.0f} % of opt's IPC; below {:.0f} %: {}", 100 * mean(ratios),
                           100 * kNearOpt,
                           far.empty() ? "none" : fmt::format("{}", fmt::join(far, ", ")));
      r.holds = mean(ratios) >= kNearOpt;
    }
    rows.push_back(r);
  }
  {
    const auto s = speedups(type_c, kDyncta);
    Row r{"DYNCTA over max", count("Type-C, ours", s.size()),
          "no gain, no loss beyond about 2 % (BLK)", "–", std::nullopt};
    if (!s.empty()) {
      std::string worst;
      double lo = 1e9;
      for (const auto& w : type_c)
        if (auto x = speedup(w, kDyncta); x && *x < lo) {
          lo = *x;
          worst = w;
        }
      r.ours = fmt::format("mean {}, worst {} ({})", pct(mean(s) - 1), pct(lo - 1), worst);
      r.holds = lo - 1 >= kTypeCFloor;
    }
    rows.push_back(r);
  }
  {
    std::vector<double> s;
    for (const auto& w : workloads_) {
      const auto d = ipc(w, kDyncta), t = ipc(w, kTwoLevel);
      if (d && t && *t > 0) s.push_back(*d / *t);
    }
    Row r{"DYNCTA over 2Lev", count("all", s.size()), "+12.5 %", "–", std::nullopt};
    if (!s.empty()) {
      r.ours = fmt::format("mean {}, geomean {}", pct(mean(s) - 1), pct(geomean(s) - 1));
      r.holds = mean(s) > 1;
    }
    rows.push_back(r);
  }
  {
    const auto s = speedups(workloads_, kDyncta);
    Row r{"DYNCTA over max", count("all", s.size()), "+28 % mean, +18 % geomean", "–",
          std::nullopt};
    if (!s.empty()) {
      r.ours = fmt::format("mean {}, geomean {}", pct(mean(s) - 1), pct(geomean(s) - 1));
      r.holds = mean(s) > 1;
    }
    rows.push_back(r);
  }
  {
    std::vector<double> n, d, o;
    for (const auto& w : workloads_) {
      const Measures& m = measures_.at(w);
      if (!m.n_max || !m.avg_n || !m.opt) continue;
      n.push_back(*m.n_max);
      d.push_back(*m.fig9_n());
      o.push_back(*m.opt);
    }
    Row r{fmt::format("DYNCTA's average n within {} CTA of opt's", kNearOptN),
          count("all", n.size()), "N 5.38, DYNCTA 2.69, opt 2.93", "–", std::nullopt};
    if (!n.empty()) {
      r.ours = fmt::format("N {:.2f}, DYNCTA {:.2f}, opt {:.2f}", mean(n), mean(d), mean(o));
      r.holds = std::abs(mean(d) - mean(o)) <= kNearOptN;
    }
    rows.push_back(r);
  }
  std::string md = "## Headline relations: ours beside the paper's\n\n";
  md += "| relation | workloads | paper | ours | holds |\n|---|---|---|---|---|\n";
  std::vector<std::string> failing;
  for (const auto& r : rows) {
    const std::string holds = !r.holds ? "n/a" : *r.holds ? "holds" : "**does not hold**";
    md += fmt::format("| {} | {} | {} | {} | {} |\n", r.relation, r.workloads, r.paper, r.ours,
                      holds);
    if (r.holds && !*r.holds)
      failing.push_back(
          fmt::format("{} on {}: paper {}, ours {}", r.relation, r.workloads, r.paper, r.ours));
  }
  md += fmt::format(
      "\nNear opt: DYNCTA's IPC at least {:.0f} % of opt's, averaged over the workloads. On "
      "Type-C the relation holds when no workload loses more than {:.0f} %. Types are ours (the "
      "table above).\n\n",
      100 * kNearOpt, -100 * kTypeCFloor);
  if (!failing.empty()) {
    md += "Where the paper's relation does not hold in our model:\n\n";
    for (const auto& f : failing) md += "- " + f + "\n";
    md += "\n";
  }
  return md;
}

std::string DynctaReport::fig1() const {
  std::string md = "## Minimum and optimal TLP (Fig. 1), IPC over max\n\n";
  md +=
      "min: 1 CTA per SM (static 1). opt: the static limit of the highest IPC (its limit in "
      "brackets).\n\n| workload | min | opt |\n|---|---|---|\n";
  for (const auto& w : workloads_) {
    const auto o = measures_.at(w).opt;
    md += fmt::format("| {} | {} | {}{} |\n", w, opt_cell(speedup(w, static_label(1))),
                      opt_cell(speedup(w, "opt")), o ? fmt::format(" ({})", *o) : "");
  }
  const auto mn = speedups(workloads_, static_label(1)), op = speedups(workloads_, "opt");
  md += fmt::format("| **mean** | **{}** | **{}** |\n", mn.empty() ? "–" : pct(mean(mn) - 1),
                    op.empty() ? "–" : pct(mean(op) - 1));
  md += fmt::format("| **geomean** | **{}** | **{}** |\n", mn.empty() ? "–" : pct(geomean(mn) - 1),
                    op.empty() ? "–" : pct(geomean(op) - 1));
  md += "| paper (31 applications) | – | +39 % mean, +25 % geomean |\n\n";
  return md;
}

std::string DynctaReport::fig9() const {
  std::string md = "## CTAs per SM (Fig. 9): N, DYNCTA's average n, opt\n\n";
  md +=
      "N: the largest static limit that still changes the run (from it up, every static run has "
      "max's cycles): the occupancy, or less where the grid gives no SM that many CTAs; a "
      "limit above N is max. DYNCTA n: n averaged over the run's cycles and the SMs (the "
      "controllers keep running once every CTA is placed); DYNCTA: the same, at most N (a limit "
      "above N places no more CTAs), which the average and the plot use.\n\n";
  md += "| workload | N | DYNCTA n | DYNCTA | opt | paper |\n|---|---|---|---|---|---|\n";
  std::vector<double> n, d, o;
  for (const auto& w : workloads_) {
    const Measures& m = measures_.at(w);
    const auto it = paper_table2().find(w);
    md += fmt::format("| {} | {} | {} | {} | {} | {} |\n", w,
                      m.n_max ? std::to_string(*m.n_max) : "–", opt_cell(m.avg_n),
                      opt_cell(m.fig9_n()), m.opt ? std::to_string(*m.opt) : "–",
                      it != paper_table2().end() ? it->second.notes : "");
    if (m.n_max) n.push_back(*m.n_max);
    if (m.fig9_n()) d.push_back(*m.fig9_n());
    if (m.opt) o.push_back(*m.opt);
  }
  md += fmt::format(
      "| **average** | **{:.2f}** | | **{:.2f}** | **{:.2f}** | N 5.38, DYNCTA 2.69, "
      "opt 2.93 (31 applications) |\n\n",
      mean(n), mean(d), mean(o));
  return md;
}

std::string DynctaReport::fig10() const {
  std::string md = "## Speedup over max (Fig. 10): 2Lev, DYNCTA, opt\n\n";
  md += "| workload | type (ours) | 2Lev | DYNCTA | opt |\n|---|---|---|---|---|\n";
  const std::vector<std::string> cols = {kTwoLevel, kDyncta, "opt"};
  for (const auto& w : workloads_) {
    md += fmt::format("| {} | {} |", w, measures_.at(w).type);
    for (const auto& c : cols) md += fmt::format(" {} |", opt_cell(speedup(w, c)));
    md += "\n";
  }
  for (const auto& [name, f] :
       std::vector<std::pair<std::string, double (*)(const std::vector<double>&)>>{
           {"mean", mean}, {"geomean", geomean}}) {
    md += fmt::format("| **{}** | |", name);
    for (const auto& c : cols) {
      const auto s = speedups(workloads_, c);
      md += s.empty() ? " – |" : fmt::format(" **{}** |", pct(f(s) - 1));
    }
    md += "\n";
  }
  md +=
      "| paper (31 applications) | | DYNCTA over 2Lev +12.5 % | +28 % mean, +18 % geomean | "
      "+39 % mean, +25 % geomean |\n\n";
  return md;
}

std::string DynctaReport::fig8_and_counters() const {
  std::string md = "## DYNCTA at work (Fig. 8, 11)\n\n";
  md +=
      "Per workload under DYNCTA: its controllers' C_idle and C_mem as shares of the SM-cycles, "
      "the warp-cycles a ready warp of a paused CTA was held back, the issue share (as above) "
      "under max and DYNCTA, util and the L1 round trip (the paper's lat_rt) under DYNCTA "
      "over max (Fig. 11: lat_rt -33 %, util mostly unchanged, RACT +14 % on average), and n "
      "at the end of the first and the last sampling period, averaged over the SMs.\n\n";
  md +=
      "| workload | C_idle | C_mem | paused warp-cycles | issue share max | issue share DYNCTA | "
      "util | "
      "lat_rt | n first | n last |\n|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& w : workloads_) {
    const RunStats* d = find(w, kDyncta);
    const RunStats* b = find(w, kMax);
    if (!d || !d->cta_limits) {
      md += fmt::format("| {} | – | – | – | – | – | – | – | – | – |\n", w);
      continue;
    }
    std::uint64_t idle = 0, mem = 0, paused = 0;
    for (const auto& s : d->cta_limits->sms) {
      idle += s.c_idle;
      mem += s.c_mem;
      paused += s.paused_warp_cycles;
    }
    const double sm_cycles =
        static_cast<double>(d->cycles) * static_cast<double>(d->cta_limits->sms.size());
    const Measures& m = measures_.at(w);
    auto ratio = [&](double x, double y) -> std::string {
      return b && y > 0 ? pct(x / y - 1) : "–";
    };
    md += fmt::format("| {} | {:.1f} % | {:.1f} % | {} | {} | {:.2f} | {} | {} | {} | {} |\n", w,
                      100 * static_cast<double>(idle) / sm_cycles,
                      100 * static_cast<double>(mem) / sm_cycles, paused, opt_cell(m.issue_share),
                      d->cta_limits->ract, ratio(d->util, b ? b->util : 0),
                      ratio(d->avg_round_trip, b ? b->avg_round_trip : 0),
                      m.n_series.empty() ? "–" : fmt::format("{:.2f}", m.n_series.front()),
                      m.n_series.empty() ? "–" : fmt::format("{:.2f}", m.n_series.back()));
  }
  const auto picked = fig8_workloads();
  if (!picked.empty())
    md += fmt::format(
        "\n`fig8.png` plots n over time (at the end of every {}-cycle sampling period, averaged "
        "over the SMs) for {}.\n\n",
        period(), fmt::join(picked, ", "));
  return md;
}

std::string DynctaReport::ipc_table() const {
  std::string md = "## IPC of every run\n\n| workload |";
  std::string rule = "|---|";
  for (const auto& c : configs()) {
    md += " " + c.label + " |";
    rule += "---|";
  }
  md += "\n" + rule + "\n";
  for (const auto& w : workloads_) {
    md += "| " + w + " |";
    for (const auto& c : configs()) {
      const auto x = ipc(w, c.label);
      md += x ? fmt::format(" {:.1f} |", *x) : " failed |";
    }
    md += "\n";
  }
  return md + "\n";
}

std::string DynctaReport::markdown() const {
  std::string md = "# DYNCTA reproduction (Kayiran et al., PACT 2013) on the dyncta30 preset\n\n";
  md += fmt::format(
      "{} mode: {} workloads (suite `dyncta`, 19 of the paper's 31), {} configurations, {}\n\n",
      r_.quick ? "Quick (test-size inputs on a one-SM dyncta30)" : "Full (default sizes)",
      workloads_.size(), configs().size(), study_runs_sentence(r_));
  md +=
      "Configurations: max (the CUDA default: every SM up to its occupancy), static 1 … 8 (at "
      "most that many CTAs per SM, `--dispatch static --cta-limit N`), DYNCTA (`--dispatch "
      "dyncta`) and 2Lev (two-level scheduling under max, `--issue 2lev --fetch 2lev`). IPC "
      "counts thread instructions per cycle over the whole GPU. A static limit at or above N "
      "(below) runs exactly as max.\n\n";
  md += classification() + relations() + fig1() + fig9() + fig10() + fig8_and_counters() +
        ipc_table();
  md +=
      "Plots: `fig1.png`, `fig3.png` (RACT under max), `fig8.png`, `fig9.png`, `fig10.png`. "
      "Every run: `runs.csv`; `runs/` holds each run's stats and log.\n\n";
  md += failed_runs_markdown(r_.runs, "configuration");
  return md;
}

std::string DynctaReport::plot_data() const {
  auto opt_json = [](const std::optional<double>& v) {
    return v ? ordered_json(*v) : ordered_json(nullptr);
  };
  ordered_json j;
  j["workloads"] = workloads_;
  ordered_json ours = ordered_json::array(), paper = ordered_json::array(),
               ract = ordered_json::array();
  for (const auto& w : workloads_) {
    const Measures& m = measures_.at(w);
    ours.push_back(std::string(1, m.type));
    const auto it = paper_table2().find(w);
    paper.push_back(std::string(1, it != paper_table2().end() ? it->second.type : '?'));
    ract.push_back(opt_json(m.ract));
  }
  j["type"] = ours;
  j["paper_type"] = paper;
  j["fig3"] = {{"ract", ract}, {"threshold", kTypeCRact}};
  auto series = [&](const std::string& c) {
    ordered_json v = ordered_json::array();
    for (const auto& w : workloads_) v.push_back(opt_json(speedup(w, c)));
    return v;
  };
  j["fig1"] = {{"min", series(static_label(1))}, {"opt", series("opt")}};
  ordered_json n = ordered_json::array(), d = ordered_json::array(), o = ordered_json::array();
  for (const auto& w : workloads_) {
    const Measures& m = measures_.at(w);
    n.push_back(m.n_max ? ordered_json(*m.n_max) : ordered_json(nullptr));
    d.push_back(opt_json(m.fig9_n()));
    o.push_back(m.opt ? ordered_json(*m.opt) : ordered_json(nullptr));
  }
  j["fig9"] = {{"N", n}, {"DYNCTA", d}, {"opt", o}};
  ordered_json f10 = ordered_json::object(), means = ordered_json::object();
  for (const std::string c : {kTwoLevel, kDyncta, "opt"}) {
    f10[c] = series(c);
    const auto s = speedups(workloads_, c);
    means[c] = s.empty() ? ordered_json(nullptr)
                         : ordered_json({{"mean", mean(s)}, {"geomean", geomean(s)}});
  }
  j["fig10"] = {{"speedup", f10}, {"means", means}};
  ordered_json f8 = ordered_json::array();
  for (const auto& w : fig8_workloads()) {
    const Measures& m = measures_.at(w);
    f8.push_back({{"workload", w},
                  {"N", m.n_max ? ordered_json(*m.n_max) : ordered_json(nullptr)},
                  {"opt", m.opt ? ordered_json(*m.opt) : ordered_json(nullptr)},
                  {"n", m.n_series}});
  }
  j["fig8"] = {{"period", period()}, {"series", f8}};
  return j.dump(1) + "\n";
}

std::string DynctaReport::csv() const {
  std::string csv =
      "workload,config,dispatch,cta_limit,issue_fetch,exit_status,status,passed,cycles,"
      "warp_instructions,thread_instructions,ipc,util,avg_round_trip,dyncta_avg_n,dyncta_ract,"
      "c_idle,c_mem,paused_warp_cycles\n";
  for (const auto& c : configs()) {
    const std::string dispatch = c.args.at(1);
    const std::string limit = dispatch == "static" ? c.args.at(3) : "";
    const std::string issue = c.label == kTwoLevel ? "2lev" : "lrr";
    for (const auto& w : workloads_) {
      const auto it = r_.runs.find({w, c.label});
      if (it == r_.runs.end()) continue;
      const RunStats& s = it->second;
      csv +=
          fmt::format("{},{},{},{},{},{},{},{},{},{},{},{:.6f},{:.6f},{:.6f}", w, c.label, dispatch,
                      limit, issue, s.exit_status, s.status, s.passed ? 1 : 0, s.cycles,
                      s.warp_instructions, s.thread_instructions, s.ipc, s.util, s.avg_round_trip);
      if (s.cta_limits && !s.cta_limits->sms.empty()) {
        double n = 0;
        std::uint64_t idle = 0, mem = 0, paused = 0;
        for (const auto& sm : s.cta_limits->sms) {
          n += sm.avg_n;
          idle += sm.c_idle;
          mem += sm.c_mem;
          paused += sm.paused_warp_cycles;
        }
        csv += fmt::format(",{:.6f},{:.6f},{},{},{}\n",
                           n / static_cast<double>(s.cta_limits->sms.size()), s.cta_limits->ract,
                           idle, mem, paused);
      } else {
        csv += ",,,,,\n";
      }
    }
  }
  return csv;
}

class DynctaStudy final : public Study {
 public:
  std::string name() const override { return "dyncta"; }
  std::string summary() const override {
    return "DYNCTA (Kayiran et al., PACT 2013): max, static CTA limits 1-8, DYNCTA and 2Lev on "
           "dyncta30";
  }
  std::vector<StudyRun> plan(bool quick, const std::vector<std::string>& only) const override {
    check_study_workloads("DYNCTA", {"dyncta"}, only);
    std::vector<StudyRun> runs;
    for (const auto& w : suite_workloads("dyncta", only)) {
      for (const auto& c : configs()) {
        StudyRun run{w,  c.label, w + "__" + c.key, {"--preset", "dyncta30", "--fu-histogram"},
                     {}, {}};
        run.sim_args.insert(run.sim_args.end(), c.args.begin(), c.args.end());
        if (quick) {
          const auto* wl = workloads::find_workload(w);
          run.sim_args.insert(run.sim_args.end(), {"--size", std::to_string(wl->test_size)});
          if (!wl->persistent_grid)
            run.sim_args.insert(run.sim_args.end(), {"--param", "num_sms=1"});
        }
        runs.push_back(std::move(run));
      }
    }
    return runs;
  }
  std::string plot_script() const override { return "dyncta_plots.py"; }
  StudyReport report(const StudyResults& r) const override {
    const DynctaReport rep(r, suite_workloads("dyncta", r.only));
    return {rep.markdown(), rep.plot_data(), rep.csv()};
  }
};

}  // namespace

WF_STUDY(DynctaStudy);

}  // namespace wf::cli::dyncta_study
