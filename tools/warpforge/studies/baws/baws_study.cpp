// The BAWS study (Liu et al., ICS 2016) as `warpforge reproduce baws` runs it: the policy
// combinations of the paper's Fig. 8, 9 and 12 on the gtx480 preset, the workload suites, the
// paper's headline numbers, and the report that puts ours beside them.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "sim_model/sm/warp_state.h"
#include "tools/warpforge/study.h"
#include "workloads/workload.h"

namespace wf::cli::baws_study {
namespace {

using nlohmann::ordered_json;

struct StudyPolicy {
  std::string label;  // as the paper names it, e.g. "MWF(GTO)+CFF"
  std::string issue, fetch;
  std::string key() const { return issue + "__" + fetch; }  // file-name safe
};

struct BawsResults {
  std::vector<std::string> barrier_workloads;                    // suite baws-barrier
  std::vector<std::string> other_workloads;                      // suite baws-other
  std::map<std::pair<std::string, std::string>, RunStats> runs;  // (workload, policy label)
  bool quick = false;
  std::string runs_sentence;  // study_runs_sentence()
};

constexpr const char* kBaseline = "LRR";
// Below this SM balance under LRR a workload's cycle count follows where its longest CTAs land
// (dispatch order) more than the scheduling inside an SM; see the report's text.
constexpr double kBalanced = 0.75;

unsigned state_index(sm::WarpState s) {
  return static_cast<unsigned>(s);
}

// The stall categories of the paper's Fig. 10, in its order.
const std::array<std::pair<const char*, sm::WarpState>, 6> kStalls = {{
    {"control", sm::WarpState::kControl},
    {"data", sm::WarpState::kData},
    {"structural", sm::WarpState::kStructural},
    {"barrier", sm::WarpState::kBarrier},
    {"exit", sm::WarpState::kExit},
    {"fetch", sm::WarpState::kFetch},
}};

// A headline claim of the paper: `faster` against `baseline` on a suite.
struct Relation {
  std::string faster, baseline;
  bool other_suite = false;  // the non-barrier-intensive workloads
  std::string paper;         // the paper's number, as it states it
  enum class Expect { kFaster, kNeutral, kSlower } expect = Expect::kFaster;
  bool required = false;  // one of the relations the issue asks the report to show
};

const std::vector<Relation>& relations() {
  using E = Relation::Expect;
  static const std::vector<Relation> r = {
      {"MWF(GTO)+CFF", "LRR", false, "+16.9 % (abstract: 17 %), up to +35 %", E::kFaster},
      {"MWF(LRR)+CFF", "LRR", false, "+16.2 %", E::kFaster},
      {"MWF(GTO)+CFF", "GTO", false, "+8.5 % (abstract: 9 %), up to +30 %", E::kFaster, true},
      {"GTO", "LRR", false, "+8.4 %", E::kFaster, true},
      {"MWF(LRR)", "LRR", false, "+9.5 %", E::kFaster},
      {"MWF(GTO)", "LRR", false, "+9.8 %", E::kFaster},
      {"MWF(GTO)", "GTO", false, "+1.1 to +1.4 % (MWF needs CFF)", E::kFaster},
      {"MWF(LRR)+CFF", "MWF(LRR)", false, "+6.7 % (CFF improves MWF)", E::kFaster, true},
      {"MWF(GTO)+CFF", "MWF(GTO)", false, "+7.1 % (CFF improves MWF)", E::kFaster, true},
      {"GTO+CFF", "GTO", false, "+1.7 % (average of GTO and TLS)", E::kFaster},
      {"TLS+CFF", "TLS", false, "+1.7 % (average of GTO and TLS)", E::kFaster},
      {"TLS", "LRR", false, "about 0 % (neutral; -5 to -15 % on some)", E::kNeutral},
      {"MWF(GTO)+CFF", "SAWS", false, "+7 %, up to +27 %", E::kFaster},
      {"MWF(GTO)+FEF", "LRR", false, "+11 % (with CFF instead: +17 %)", E::kFaster},
      {"MWF(GTO)+CFF", "MWF(GTO)+FEF", false, "+5 to +6 % (17 % vs 11 % over LRR)", E::kFaster},
      {"MWF(GTO)+CFF", "LRR", true, "+5.7 %, up to +22 %", E::kFaster},
      {"MWF(GTO)+CFF", "GTO", true, "about 0 % (neutral)", E::kNeutral},
      {"MWF(GTO)+CFF", "SAWS", true, "about 0 % (neutral)", E::kNeutral},
  };
  return r;
}

// Relative speed of `a` over `b` on one workload (cycles of b / cycles of a - 1), when both
// runs succeeded.
std::optional<double> gain(const BawsResults& r, const std::string& w, const std::string& a,
                           const std::string& b) {
  const auto ia = r.runs.find({w, a}), ib = r.runs.find({w, b});
  if (ia == r.runs.end() || ib == r.runs.end() || !ia->second.ok() || !ib->second.ok() ||
      ia->second.cycles == 0)
    return std::nullopt;
  return static_cast<double>(ib->second.cycles) / static_cast<double>(ia->second.cycles) - 1.0;
}

struct Summary {
  double mean = 0, min = 0, max = 0;
  std::size_t n = 0;
};

Summary summarize(const std::vector<double>& v) {
  Summary s;
  if (v.empty()) return s;
  s.n = v.size();
  s.min = *std::min_element(v.begin(), v.end());
  s.max = *std::max_element(v.begin(), v.end());
  for (double x : v) s.mean += x;
  s.mean /= static_cast<double>(v.size());
  return s;
}

std::vector<double> gains(const BawsResults& r, const std::vector<std::string>& ws,
                          const std::string& a, const std::string& b) {
  std::vector<double> out;
  for (const auto& w : ws)
    if (auto g = gain(r, w, a, b)) out.push_back(*g);
  return out;
}

std::string pct(double v) {
  return fmt::format("{:+.1f} %", 100.0 * v);
}

// For means that decide whether a relation holds: "+0.0 %" beside "yes" would hide the sign.
std::string pct2(double v) {
  return fmt::format("{:+.2f} %", 100.0 * v);
}

double fraction(const RunStats& s, std::initializer_list<sm::WarpState> states) {
  if (s.live_warp_cycles == 0) return 0;
  std::uint64_t n = 0;
  for (auto st : states) n += s.states[state_index(st)];
  return static_cast<double>(n) / static_cast<double>(s.live_warp_cycles);
}

const RunStats* find(const BawsResults& r, const std::string& w, const std::string& p) {
  const auto it = r.runs.find({w, p});
  return it != r.runs.end() && it->second.ok() ? &it->second : nullptr;
}

// Fig. 10: each stall category of policy `p`, in units of the workload's total LRR stall
// cycles, averaged over the barrier-intensive workloads.
std::array<double, kStalls.size()> stall_breakdown(const BawsResults& r, const std::string& p) {
  std::array<double, kStalls.size()> sum{};
  std::size_t n = 0;
  for (const auto& w : r.barrier_workloads) {
    const RunStats* base = find(r, w, kBaseline);
    const RunStats* s = find(r, w, p);
    if (!base || !s) continue;
    std::uint64_t total = 0;
    for (const auto& c : kStalls) total += base->states[state_index(c.second)];
    if (total == 0) continue;
    for (std::size_t i = 0; i < kStalls.size(); ++i)
      sum[i] += static_cast<double>(s->states[state_index(kStalls[i].second)]) /
                static_cast<double>(total);
    ++n;
  }
  if (n)
    for (double& x : sum) x /= static_cast<double>(n);
  return sum;
}

const std::vector<std::string> kBreakdownPolicies = {"LRR", "GTO", "MWF(LRR)", "MWF(LRR)+CFF",
                                                     "MWF(GTO)+CFF"};

// LRR, GTO, TLS, MWF(LRR), MWF(GTO), each without and with CFF (Fig. 8), SAWS with and without
// CFF (Fig. 12) and MWF(GTO)+FEF (Fig. 9). LRR (lrr/lrr) is the baseline.
const std::vector<StudyPolicy>& baws_policies() {
  static const std::vector<StudyPolicy> p = {
      {"LRR", "lrr", "lrr"},
      {"LRR+CFF", "lrr", "cff"},
      {"GTO", "gto", "lrr"},
      {"GTO+CFF", "gto", "cff"},
      {"TLS", "2lev", "lrr"},
      {"TLS+CFF", "2lev", "cff"},
      {"MWF(LRR)", "mwf-lrr", "lrr"},
      {"MWF(LRR)+CFF", "mwf-lrr", "cff"},
      {"MWF(GTO)", "mwf-gto", "lrr"},
      {"MWF(GTO)+CFF", "mwf-gto", "cff"},
      {"SAWS", "saws", "lrr"},
      {"SAWS+CFF", "saws", "cff"},
      {"MWF(GTO)+FEF", "mwf-gto", "fef"},
  };
  return p;
}

std::string baws_report_markdown(const BawsResults& r) {
  std::string md;
  md += "# BAWS reproduction (Liu et al., ICS 2016) on the gtx480 preset\n\n";
  md += fmt::format(
      "{} mode: {} barrier-intensive workloads (suite `baws-barrier`, the paper's Table 2) and "
      "{} others (`baws-other`), {} policy combinations, {}\n\n",
      r.quick ? "Quick (test-size inputs on a one-SM gtx480, except persistent-grid kernels)"
              : "Full (default inputs)",
      r.barrier_workloads.size(), r.other_workloads.size(), baws_policies().size(),
      r.runs_sentence);
  md +=
      "Speedup of A over B = cycles(B) / cycles(A) − 1 per workload (the paper's IPC ratio "
      "when the instruction count does not depend on the schedule; spin loops, e.g. the "
      "global barrier of `stencil3d`, make the two differ), averaged arithmetically over the "
      "workloads of a suite. Occupancy follows Table 2 (registers per thread set per workload; "
      "see workloads/README.md).\n\n";

  md += "## Headline relations: ours beside the paper's\n\n";
  // The workloads whose SMs stay balanced under LRR, and the others with their balance.
  std::vector<std::string> balanced_barrier, balanced_other, unbalanced;
  for (const auto* ws : {&r.barrier_workloads, &r.other_workloads}) {
    for (const auto& w : *ws) {
      const RunStats* l = find(r, w, kBaseline);
      if (l && l->sm_balance < kBalanced) {
        unbalanced.push_back(fmt::format("`{}` ({:.2f})", w, l->sm_balance));
      } else {
        (ws == &r.barrier_workloads ? balanced_barrier : balanced_other).push_back(w);
      }
    }
  }
  md +=
      "| relation | suite | paper | ours: mean | ours: min … max | holds | ours: mean, "
      "SM-balanced |\n";
  md += "|---|---|---|---|---|---|---|\n";
  std::vector<std::string> not_holding;
  for (const Relation& rel : relations()) {
    const auto& ws = rel.other_suite ? r.other_workloads : r.barrier_workloads;
    const Summary s = summarize(gains(r, ws, rel.faster, rel.baseline));
    const Summary sb = summarize(
        gains(r, rel.other_suite ? balanced_other : balanced_barrier, rel.faster, rel.baseline));
    std::string holds = "n/a";
    if (s.n) {
      bool ok = false;
      switch (rel.expect) {
        case Relation::Expect::kFaster:
          ok = s.mean > 0;
          break;
        case Relation::Expect::kNeutral:
          ok = std::abs(s.mean) < 0.02;
          break;
        case Relation::Expect::kSlower:
          ok = s.mean < 0;
          break;
      }
      holds = ok ? "yes" : "**no**";
      if (!ok)
        not_holding.push_back(fmt::format(
            "{} over {} ({}): paper {}, ours {}", rel.faster, rel.baseline,
            rel.other_suite ? "non-barrier" : "barrier-intensive", rel.paper, pct(s.mean)));
    }
    md += fmt::format("| {} over {}{} | {} | {} | {} | {} | {} | {} |\n", rel.faster, rel.baseline,
                      rel.required ? " (checked)" : "",
                      rel.other_suite ? "non-barrier" : "barrier-intensive", rel.paper,
                      s.n ? pct2(s.mean) : "–", s.n ? pct(s.min) + " … " + pct(s.max) : "–", holds,
                      sb.n ? pct2(sb.mean) : "–");
  }
  md +=
      "\n\"holds\": for a claimed gain, our mean is positive; for a claimed neutral result, our "
      "mean is within ±2 %; it is judged on every workload of the suite. \"(checked)\" marks "
      "the relations the project requires this report to show.\n\n";
  md += fmt::format(
      "\"SM-balanced\" leaves out the workloads whose SMs are unbalanced under LRR (the average "
      "SM busy less than {:.0f} % of the time the busiest one is; SM balance in the table of "
      "barrier stalls): {}. Such a run ends when the SM holding its longest CTAs does, so its "
      "cycle count follows where those few CTAs land, which the dispatch order and the timing "
      "of every earlier CTA decide, more than how warps are scheduled inside an SM.\n\n",
      100 * kBalanced,
      unbalanced.empty() ? std::string("none") : fmt::format("{}", fmt::join(unbalanced, ", ")));
  if (!not_holding.empty()) {
    md += "Where the paper's relation does not hold in our model:\n\n";
    for (const auto& s : not_holding) md += "- " + s + "\n";
    md += "\nThe stall breakdown below shows where the cycles went.\n\n";
  }

  auto speedup_table = [&](const std::vector<std::string>& ws, const char* title) {
    md += fmt::format("## Speedup over LRR: {}\n\n| workload |", title);
    std::string rule = "|---|";
    for (const auto& p : baws_policies()) {
      if (p.label == kBaseline) continue;
      md += " " + p.label + " |";
      rule += "---|";
    }
    md += "\n" + rule + "\n";
    for (const auto& w : ws) {
      md += "| " + w + " |";
      for (const auto& p : baws_policies()) {
        if (p.label == kBaseline) continue;
        const auto g = gain(r, w, p.label, kBaseline);
        md += fmt::format(" {} |", g ? pct(*g) : std::string("failed"));
      }
      md += "\n";
    }
    md += "| **mean** |";
    for (const auto& p : baws_policies()) {
      if (p.label == kBaseline) continue;
      const Summary s = summarize(gains(r, ws, p.label, kBaseline));
      md += fmt::format(" {} |", s.n ? fmt::format("**{}**", pct(s.mean)) : std::string("–"));
    }
    md += "\n\n";
  };
  speedup_table(r.barrier_workloads, "barrier-intensive workloads (Fig. 8, 9, 12)");
  speedup_table(r.other_workloads, "non-barrier-intensive workloads (Fig. 11)");

  md += "## Barrier stalls and RTRU per workload (Fig. 1 and 5)\n\n";
  md +=
      "barrier: share of warp cycles waiting at an explicit barrier; +exit: including the wait "
      "at the end of the CTA (the paper's Fig. 1 counts both). Tagged barrier-intensive: more "
      "than 15 % of warp cycles in the barrier state under LRR (the paper's threshold; the exit "
      "wait is left out because warps that finish early make it large in kernels without any "
      "barrier, e.g. bfs). RTRU: eq. 1 averaged over every warp-phase.\n\n";
  md +=
      "| workload | suite | LRR barrier | LRR +exit | GTO +exit | barrier-intensive | RTRU LRR | "
      "RTRU GTO | RTRU MWF(GTO)+CFF | SM balance LRR "
      "|\n|---|---|---|---|---|---|---|---|---|---|\n";
  std::vector<double> lrr_f, gto_f;
  auto row = [&](const std::string& w, const char* suite) {
    const RunStats* l = find(r, w, "LRR");
    const RunStats* g = find(r, w, "GTO");
    const RunStats* b = find(r, w, "MWF(GTO)+CFF");
    using S = sm::WarpState;
    const double lf = l ? fraction(*l, {S::kBarrier, S::kExit}) : 0;
    const double gf = g ? fraction(*g, {S::kBarrier, S::kExit}) : 0;
    if (l && std::string(suite) == "barrier") lrr_f.push_back(lf);
    if (g && std::string(suite) == "barrier") gto_f.push_back(gf);
    auto p = [](const RunStats* s, double v) {
      return s ? fmt::format("{:.1f} %", 100 * v) : std::string("–");
    };
    auto x = [](const RunStats* s, double v) {
      return s ? fmt::format("{:.3f}", v) : std::string("–");
    };
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", w, suite,
                      p(l, l ? fraction(*l, {S::kBarrier}) : 0), p(l, lf), p(g, gf),
                      l ? (fraction(*l, {S::kBarrier}) > 0.15 ? "yes" : "no") : "–",
                      x(l, l ? l->rtru : 0), x(g, g ? g->rtru : 0), x(b, b ? b->rtru : 0),
                      l ? fmt::format("{:.2f}", l->sm_balance) : std::string("–"));
  };
  for (const auto& w : r.barrier_workloads) row(w, "barrier");
  for (const auto& w : r.other_workloads) row(w, "other");
  const Summary ls = summarize(lrr_f), gs = summarize(gto_f);
  md += fmt::format(
      "\nBarrier-intensive suite, barrier + exit: LRR mean {:.1f} % (max {:.1f} %), GTO mean "
      "{:.1f} % (max {:.1f} %); the paper: 30 % under LRR, 37 % under GTO, up to 61 %.\n\n",
      100 * ls.mean, 100 * ls.max, 100 * gs.mean, 100 * gs.max);

  md += "## Stall breakdown, barrier-intensive workloads (Fig. 10)\n\n";
  md +=
      "Warp cycles per stall category, in units of the same workload's total LRR stall cycles "
      "(so LRR sums to 1.00), averaged over the workloads.\n\n| policy |";
  for (const auto& c : kStalls) md += fmt::format(" {} |", c.first);
  md += " total |\n|---|";
  for (std::size_t i = 0; i <= kStalls.size(); ++i) md += "---|";
  md += "\n";
  for (const auto& p : kBreakdownPolicies) {
    const auto b = stall_breakdown(r, p);
    double total = 0;
    md += "| " + p + " |";
    for (double v : b) {
      md += fmt::format(" {:.3f} |", v);
      total += v;
    }
    md += fmt::format(" {:.3f} |\n", total);
  }
  md +=
      "\nPlots: `speedup.png` (barrier-intensive speedups over LRR), `stalls.png` (this "
      "table). Every run: `runs.csv`, and `runs/` holds each run's stats and log.\n\n";

  md += failed_runs_markdown(r.runs, "policy");
  return md;
}

std::string baws_plot_data_json(const BawsResults& r) {
  ordered_json j;
  ordered_json pols = ordered_json::array();
  for (const auto& p : baws_policies())
    if (p.label != kBaseline) pols.push_back(p.label);
  j["policies"] = pols;
  j["workloads"] = r.barrier_workloads;
  ordered_json sp = ordered_json::object();
  for (const auto& p : baws_policies()) {
    if (p.label == kBaseline) continue;
    ordered_json v = ordered_json::array();
    for (const auto& w : r.barrier_workloads) {
      const auto g = gain(r, w, p.label, kBaseline);
      v.push_back(g ? ordered_json(*g) : ordered_json(nullptr));
    }
    sp[p.label] = v;
  }
  j["speedup"] = sp;
  ordered_json cats = ordered_json::array();
  for (const auto& c : kStalls) cats.push_back(c.first);
  j["stall_categories"] = cats;
  ordered_json st = ordered_json::object();
  for (const auto& p : kBreakdownPolicies) {
    const auto b = stall_breakdown(r, p);
    st[p] = std::vector<double>(b.begin(), b.end());
  }
  j["stalls"] = st;
  return j.dump(1) + "\n";
}

std::string baws_runs_csv(const BawsResults& r) {
  std::string csv = "workload,suite,policy,issue,fetch,exit_status,status,passed,cycles,ipc";
  for (const char* s : sm::kWarpStateNames) csv += std::string(",state_") + s;
  csv += ",live_warp_cycles,rtru,sm_balance\n";
  auto suite_of = [&](const std::string& w) {
    return std::find(r.barrier_workloads.begin(), r.barrier_workloads.end(), w) !=
                   r.barrier_workloads.end()
               ? "baws-barrier"
               : "baws-other";
  };
  for (const auto& p : baws_policies()) {
    for (const auto* ws : {&r.barrier_workloads, &r.other_workloads}) {
      for (const auto& w : *ws) {
        const auto it = r.runs.find({w, p.label});
        if (it == r.runs.end()) continue;
        const RunStats& s = it->second;
        csv += fmt::format("{},{},{},{},{},{},{},{},{},{:.6f}", w, suite_of(w), p.label, p.issue,
                           p.fetch, s.exit_status, s.status, s.passed ? 1 : 0, s.cycles, s.ipc);
        for (auto v : s.states) csv += fmt::format(",{}", v);
        csv += fmt::format(",{},{:.6f},{:.4f}\n", s.live_warp_cycles, s.rtru, s.sm_balance);
      }
    }
  }
  return csv;
}

class BawsStudy final : public Study {
 public:
  std::string name() const override { return "baws"; }
  std::string summary() const override {
    return "BAWS (Liu et al., ICS 2016): 13 issue/fetch policy pairs on gtx480";
  }
  std::vector<StudyRun> plan(bool quick, const std::vector<std::string>& only) const override {
    check_study_workloads("BAWS", {"baws-barrier", "baws-other"}, only);
    std::vector<StudyRun> runs;
    for (const auto& suite : {"baws-barrier", "baws-other"}) {
      for (const auto& w : suite_workloads(suite, only)) {
        for (const auto& p : baws_policies()) {
          StudyRun run{w,  p.label, w + "__" + p.key(), {"--issue", p.issue, "--fetch", p.fetch},
                       {}, {}};
          if (quick) {
            // Test-size inputs have few CTAs; on one SM they still share it, so the CTA-level
            // policies have something to order.
            const auto* wl = workloads::find_workload(w);
            run.sim_args.insert(run.sim_args.end(), {"--size", std::to_string(wl->test_size)});
            if (!wl->persistent_grid)
              run.sim_args.insert(run.sim_args.end(), {"--param", "num_sms=1"});
          }
          runs.push_back(std::move(run));
        }
      }
    }
    return runs;
  }
  std::string plot_script() const override { return "baws_plots.py"; }
  StudyReport report(const StudyResults& sr) const override {
    BawsResults r;
    r.barrier_workloads = suite_workloads("baws-barrier", sr.only);
    r.other_workloads = suite_workloads("baws-other", sr.only);
    r.runs = sr.runs;
    r.quick = sr.quick;
    r.runs_sentence = study_runs_sentence(sr);
    return {baws_report_markdown(r), baws_plot_data_json(r), baws_runs_csv(r)};
  }
};

}  // namespace

WF_STUDY(BawsStudy);

}  // namespace wf::cli::baws_study
