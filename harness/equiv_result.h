// What an equivalence run reports, in process or from a run-time-verilated runner (as JSON).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/coverage/coverage_table.h"

namespace wf::harness {

struct EquivOptions {
  std::uint64_t cycles = 100'000;
  std::uint64_t seed = 1;
  std::string fst_path;   // where a mismatch's waveform goes; empty: no waveform
  bool progress = false;  // print a progress line on stderr
  // A block trace to replay (harness/replay_engine.h) instead of random stimulus; `cycles` and
  // `seed` do not apply then.
  std::string replay;
  // RTL that is not linked into warpforge runs in a run-time-verilated runner: the wall-clock
  // budgets of its Verilator build and of its run (0: none). Linked RTL runs in process.
  std::chrono::seconds build_budget{0};
  std::chrono::seconds run_budget{0};
};

struct EquivResult {
  bool passed = false;
  std::uint64_t cycles = 0;  // cycles compared
  double seconds = 0;
  std::uint64_t mismatch_cycle = 0;
  std::string mismatch;      // multi-line report: cycle, inputs, expected vs actual per port
  std::string fst_path;      // written waveform, if any
  std::string rtl;           // where the RTL came from: "linked", "cache", or a file
  std::uint64_t grants = 0;  // cycles in which some output was non-zero (a liveness sanity check)
  std::uint64_t records =
      0;  // replay: the trace's records (cycles the simulation called the block)
  // Functional coverage of the compared cycles (harness/coverage/): every point the block's
  // coverage model lists under its parameters, with the cycles that hit it. A random run whose
  // points are not all hit fails (the CLI decides: see covered()); a replay only reports them.
  std::vector<CoveragePoint> coverage;

  std::vector<std::string> missed() const { return never_hit(coverage); }
  bool covered() const { return missed().empty(); }
};

nlohmann::json to_json(const EquivResult& r);
EquivResult equiv_result_from_json(const nlohmann::json& j);

}  // namespace wf::harness
