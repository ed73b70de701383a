// Verilator at run time: for a parameter set that is not linked into warpforge (or a hand-edited
// file given with --rtl), the block is verilated into a small runner executable that performs
// the equivalence run and reports JSON. Runners are cached, keyed by module, the Verilog text and
// the golden-model libraries they link, so only the first run of a configuration pays for the
// C++ compile.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>

#include "harness/equiv_result.h"
#include "sim_model/blocks/params.h"

namespace wf::harness {

struct RunnerSpec {
  std::string block;           // <block>
  std::string module;          // <block>_<signature>
  std::string verilog;         // the RTL to verilate
  std::string harness_header;  // harness/<block>.h
  std::string harness_type;    // wf::harness::<Block>Harness
  std::string origin;          // for error messages: a file name, or "generated"
};

// The cache root: $WARPFORGE_CACHE, else $XDG_CACHE_HOME/warpforge, else ~/.cache/warpforge.
std::filesystem::path cache_root();

// Builds (or finds) the runner; throws UsageError when Verilator rejects the Verilog or does not
// finish within `budget` (0: none).
std::filesystem::path ensure_runner(const RunnerSpec& spec, bool verbose,
                                    std::chrono::seconds budget);

// The same configuration verilated into a shared object exporting
//   extern "C" RtlDut<H::Block>* wf_make_dut(const H::Params*)
// for the cycle model (sim --rtl, harness/rtl_in_the_loop.cpp), which loads it into warpforge.
inline constexpr const char* kSharedModelEntry = "wf_make_dut";
std::filesystem::path ensure_shared_model(const RunnerSpec& spec, bool verbose,
                                          std::chrono::seconds budget);

// Runs spec's runner. Throws CheckFailure, naming the module and spec.origin, when it does not
// finish within options.run_budget: the RTL under test never settles (or is too slow), a failed
// check like a mismatch. Leaves no waveform behind then.
EquivResult run_runner(const RunnerSpec& spec, const std::filesystem::path& runner,
                       const blocks::ParamList& params, const EquivOptions& options);

}  // namespace wf::harness
