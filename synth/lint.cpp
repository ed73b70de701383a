#include "synth/lint.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <vector>

#include <fmt/format.h>

#include "sim_model/common/error.h"
#include "synth/subprocess.h"

namespace wf::synth {
namespace {

// Everything a lint run needs checked before a tool is started; throws UsageError.
std::filesystem::path checked_input(const std::filesystem::path& path, const std::string& top) {
  if (!is_verilog_identifier(top)) {
    throw UsageError(fmt::format("{}: not a Verilog module name", top));
  }
  std::ifstream probe(path);
  if (!probe) throw UsageError(fmt::format("{}: cannot read Verilog file", path.string()));
  // Absolute, so that a name starting with '-' or '+' cannot be taken for an option.
  return std::filesystem::absolute(path);
}

std::string checked_program(const LintOptions& options, const char* fallback) {
  std::string program = options.program.empty() ? fallback : options.program;
  if (!find_program(program)) {
    throw UsageError(fmt::format("{}: not found; install it to lint generated RTL", program));
  }
  return program;
}

LintResult run_lint(const char* tool, const std::vector<std::string>& argv,
                    const LintOptions& options) {
  RunOptions run;
  run.timeout = options.timeout;
  RunResult res;
  try {
    res = run_process(argv, run);
  } catch (const ProgramNotFound& e) {
    throw UsageError(fmt::format("{}: not found; install it to lint generated RTL", e.program()));
  }
  LintResult result;
  result.tool = tool;
  result.ok = res.ok();
  result.exit_code = res.term_signal == 0 && !res.timed_out ? res.exit_code : -1;
  result.diagnostics = first_lines(res.out, options.max_lines);
  if (res.timed_out) {
    result.diagnostics += fmt::format("{}: did not finish within {} s (--time-budget)\n", tool,
                                      options.timeout.count());
  }
  if (res.out_of_memory) {
    result.diagnostics += fmt::format("{}: ran out of its memory budget of {}\n", tool,
                                      format_memory(run.memory_limit));
  }
  return result;
}

}  // namespace

bool is_verilog_identifier(std::string_view name) {
  auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; };
  auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '$'; };
  if (name.empty() || !letter(name.front())) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) { return letter(c) || digit(c); });
}

LintResult lint_verilator(const std::filesystem::path& path, const std::string& top,
                          const LintOptions& options) {
  std::filesystem::path file = checked_input(path, top);
  std::string program = checked_program(options, "verilator");
  return run_lint("verilator",
                  {program, "--lint-only", "-Wall", "--top-module", top, file.string()}, options);
}

LintResult check_yosys(const std::filesystem::path& path, const std::string& top,
                       const LintOptions& options) {
  std::filesystem::path file = checked_input(path, top);
  std::string program = checked_program(options, "yosys");
  // The file goes in as its own argument (-f names the frontend and its options) rather than
  // inside the script, so no file name needs quoting for Yosys' command parser. -q keeps only
  // warnings and errors.
  return run_lint(
      "yosys",
      {program, "-q", "-Q", "-T", "-f", "verilog -noautowire", "-p",
       fmt::format("hierarchy -check -top {}; proc; check -assert", top), file.string()},
      options);
}

}  // namespace wf::synth
