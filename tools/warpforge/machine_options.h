// The options that choose the simulated machine and its policies, shared by the commands that
// run kernels on the cycle model (`sim`, `exec`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"

namespace wf::cli {

struct MachineOptions {
  std::string preset = kDefaultPreset;
  std::string issue, fetch, dispatch;  // empty: the preset's, else the kind's default
  std::vector<std::string> params;     // KEY=VALUE
  std::uint64_t max_cycles = 0;
  unsigned cta_limit = 0;  // --cta-limit: [sm] cta_limit (0: the preset's)
  std::string memory = "golden";
  const CLI::Option* memory_option = nullptr;  // whether --memory was given
};

// A run without the cycle model (`exec --functional`): the options only the cycle model reads
// are refused, and so is a --param of any preset key outside `keys`.
struct FunctionalRun {
  std::string mode;  // "exec --functional", for messages
  // The preset keys ("sm.max_threads") and run parameters ("regs_per_thread") it reads.
  std::vector<std::string_view> keys;
};

// --preset, --issue, --fetch, --dispatch, --param, --memory, --cta-limit, --max-cycles.
void add_machine_options(CLI::App& app, MachineOptions& m);

// The machine and policies the options name. Throws UsageError naming the bad option: one
// outside the preset's rules, one the run would not read (sm::unread_key_reason, or any timing
// option under `functional`), or two settings of one value that disagree.
sm::TimingConfig timing_config(const MachineOptions& m, const FunctionalRun* functional = nullptr);

}  // namespace wf::cli
