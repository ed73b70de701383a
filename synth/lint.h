// The lint rung of the equivalence ladder: `verilator --lint-only -Wall` and Yosys
// `check -assert` on one generated file. A design that fails lint is a result to report, not
// an exception; only a missing tool or an unreadable file throws.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>

namespace wf::synth {

struct LintResult {
  bool ok = false;
  std::string tool;         // "verilator" or "yosys"
  int exit_code = -1;       // the tool's exit status (-1: killed or timed out)
  std::string diagnostics;  // the first lines of what the tool printed; empty when silent
};

struct LintOptions {
  std::string program;  // empty: "verilator" / "yosys" from $PATH
  std::chrono::seconds timeout{300};
  std::size_t max_lines = 40;  // diagnostics are cut after this many lines
};

// A simple (non-escaped) Verilog identifier: [A-Za-z_][A-Za-z0-9_$]*. Module names are
// checked with it before they go into a tool's command or script.
bool is_verilog_identifier(std::string_view name);

// verilator --lint-only -Wall --top-module TOP PATH. ok when Verilator exits 0 (-Wall makes
// every warning fatal).
LintResult lint_verilator(const std::filesystem::path& path, const std::string& top,
                          const LintOptions& options = {});

// yosys: read_verilog -noautowire PATH; hierarchy -check -top TOP; proc; check -assert.
// ok when Yosys exits 0; its warnings (if any) are still in diagnostics.
LintResult check_yosys(const std::filesystem::path& path, const std::string& top,
                       const LintOptions& options = {});

}  // namespace wf::synth
