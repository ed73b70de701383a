// Formal proof of a block's properties with Yosys: temporal induction (`sat -tempinduct
// -prove-asserts`) over the block's property wrapper (gen/properties/), the rung of the
// verification ladder that covers every input sequence rather than a sample. What
// `warpforge prove` runs.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "synth/subprocess.h"

namespace wf::synth {

// An assertion of the wrapper and the 1-bit wire that carries it (1 = holds), which a
// counterexample shows to name the assertion that failed.
struct ProveCheck {
  std::string label;
  std::string wire;
};

struct ProveRequest {
  std::string design;       // the block's Verilog text
  std::string design_name;  // how messages refer to it: a file name, or "generated"
  std::string design_top;   // its module
  std::string props;        // the property wrapper's Verilog text (instantiates design_top)
  std::string props_top;    // its module
  // Internal registers of design_top the wrapper connects to as if they were output ports.
  std::vector<std::string> exposed;
  std::vector<ProveCheck> checks;     // every assertion, in the order stated
  std::vector<std::string> observed;  // wrapper wires shown in a counterexample besides inputs
  unsigned max_steps = 8;             // deepest counterexample sought, in cycles from start
  // Only the search for a counterexample up to max_steps cycles deep (the base case), no
  // induction: for sizes at which induction does not finish, beside a proof at smaller ones.
  bool bounded_only = false;
};

struct ProveOptions {
  std::string yosys = "yosys";        // program name or path
  std::chrono::seconds timeout{600};  // both Yosys runs together; 0: none
  // The data each Yosys process may have (RunOptions::memory_limit), in bytes; 0: no limit.
  std::uint64_t memory_limit = default_memory_limit();
  std::filesystem::path counterexample;  // non-empty: write a counterexample here as VCD
};

enum class ProveStatus {
  kProven,       // every assertion holds in every reachable state
  kViolated,     // a trace from reset breaks an assertion (trace holds it)
  kUnproven,     // no violation within max_steps cycles, but induction did not close
  kBounded,      // bounded_only: no violation within max_steps cycles (induction not tried) either
  kTimedOut,     // Yosys did not finish within the timeout
  kOutOfMemory,  // Yosys ran out of memory under ProveOptions::memory_limit
};

struct TraceStep {
  unsigned step = 0;  // 1 = the initial state (before any reset)
  std::vector<std::pair<std::string, std::string>> values;  // signal -> Verilog literal
};

struct ProveResult {
  ProveStatus status = ProveStatus::kUnproven;
  // kProven: the induction length that closed the proof; kViolated: the step at which the
  // first assertion fails; kUnproven, kBounded: max_steps.
  unsigned steps = 0;
  // kViolated: the assertions false at that step; kUnproven: those false at the end of the
  // last induction attempt (its start state may be unreachable).
  std::vector<std::string> failed;
  std::vector<TraceStep> trace;  // kViolated: the counterexample, step 1 to `steps`
  double seconds = 0;            // wall time of the Yosys runs
};

// Proves the request's assertions in up to two Yosys runs: temporal induction of length up to
// kInductionSteps (its base case also seeks counterexamples that short), then, when induction
// does not close, a base-case-only search for a counterexample up to max_steps cycles deep.
// With bounded_only, that search alone.
// Throws wf::UsageError when Yosys is missing or rejects the design (its message quotes Yosys'
// error and names design_name; also when Yosys ends without an error message while it reads
// the design), or when the design lacks a register the properties read; std::runtime_error
// when Yosys fails in a way we cannot read.
ProveResult prove(const ProveRequest& request, const ProveOptions& options = {});

// Every property set of the blocks closes at length 1 with its invariants; a longer induction
// only costs time (each length adds a step and state-uniqueness constraints).
inline constexpr unsigned kInductionSteps = 4;

enum class ProvePhase {
  kInduction,  // sat -tempinduct: base case and induction step, lengths 1..steps
  kBaseCase,   // sat -tempinduct-baseonly: counterexamples up to `steps` cycles deep
};

// The Yosys script of one phase, reading the block from `design_file` and the wrapper from
// `props_file` (relative to Yosys' working directory) and writing the model as VCD to
// `vcd_file` when it is not empty.
std::string prove_script(const ProveRequest& request, ProvePhase phase, unsigned steps,
                         const std::string& design_file, const std::string& props_file,
                         const std::string& vcd_file);

// Reads the outcome of one phase out of Yosys' log (the script's -show list makes the model
// name every check's wire). A base-case phase without a counterexample reads as kUnproven with
// `steps` the depth searched and no failed checks. seconds is left 0. Throws
// std::runtime_error when the log holds no verdict.
ProveResult parse_prove_log(std::string_view log, const std::vector<ProveCheck>& checks);

}  // namespace wf::synth
