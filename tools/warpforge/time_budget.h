// --time-budget SECONDS: the one option of every command that starts tools or runners (equiv,
// prove, area, flow, sim --rtl) bounding how long each of them may run, so that RTL which never
// settles (a loop whose bound is never reached) cannot hang warpforge. A child out of its
// budget has its process group ended (synth/subprocess.h). Unset, each child gets its default
// below; 0 removes every budget.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace wf::cli {

class TimeBudget {
 public:
  // A Verilator build or a Yosys run: minutes for the largest blocks on a loaded machine.
  static constexpr std::chrono::seconds kTool{600};
  static constexpr std::chrono::seconds kLint{300};
  // A verilated simulation: the floor, plus an allowance per cycle 25 times the slowest block's
  // runner (4 us a cycle) on a loaded two-core machine.
  static constexpr std::chrono::seconds kSimulationFloor{60};
  static constexpr std::chrono::microseconds kPerCycle{100};

  // Adds --time-budget to `app` (`names` may add an older name); `help` says what it bounds in
  // this command.
  void add_option(CLI::App& app, const std::string& help,
                  const std::string& names = "--time-budget");

  // A child that runs the design under test or a tool on it: the option, else `fallback`;
  // 0 is none.
  std::chrono::seconds check(std::chrono::seconds fallback) const;
  // A simulation of `cycles` cycles: the option, else the floor plus the per-cycle allowance.
  std::chrono::seconds simulation(std::uint64_t cycles) const;
  // Verilator's C++ build of a runner or model: never less than kTool, since the compile's
  // length does not depend on what the RTL does and a budget sized for the simulation must not
  // fail it; 0 is none.
  std::chrono::seconds verilator_build() const;

 private:
  std::uint64_t seconds_ = 0;
  bool given_ = false;
};

}  // namespace wf::cli
