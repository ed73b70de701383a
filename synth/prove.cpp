#include "synth/prove.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/text.h"
#include "synth/lint.h"
#include "synth/subprocess.h"
#include "synth/temp_dir.h"

namespace wf::synth {
namespace fs = std::filesystem;

namespace {

constexpr const char* kProveDesignName = "design.v";
constexpr const char* kPropsName = "props.v";
constexpr const char* kProveScriptName = "prove.ys";
constexpr const char* kVcdName = "counterexample.vcd";

void check_identifier(const std::string& name, const char* what) {
  if (!is_verilog_identifier(name)) {
    throw UsageError(fmt::format("{}: not a Verilog {} name", name, what));
  }
}

// How a failed tool ended: "exit status 2", "SIGSEGV".
std::string how_it_ended(const RunResult& res) {
  if (res.term_signal == 0) return fmt::format("exit status {}", res.exit_code);
  const char* name = sigabbrev_np(res.term_signal);
  return name ? fmt::format("SIG{}", name) : fmt::format("signal {}", res.term_signal);
}

// When Yosys stops without an ERROR line inside the section that reads the block's Verilog
// ("N. Executing Verilog-2005 frontend: design.v"), what stopped it was the design: its
// scanner gives up on a token of a million characters, for instance, with a message of its
// own. The first line of that section that is not Yosys' progress report, or nothing.
std::optional<std::string> design_reader_message(std::string_view log) {
  const auto lines = text::split_lines(log);
  std::size_t section = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::size_t dot = lines[i].find(". Executing ");
    if (dot != std::string_view::npos && dot > 0 &&
        lines[i].substr(0, dot).find_first_not_of("0123456789.") == std::string_view::npos) {
      section = i;
    }
  }
  if (section == lines.size() ||
      !lines[section].ends_with(std::string("frontend: ") + kProveDesignName)) {
    return std::nullopt;
  }
  for (std::size_t i = section + 1; i < lines.size(); ++i) {
    const std::string_view line = text::trim(lines[i]);
    if (!line.empty() && !line.starts_with("Parsing ")) return std::string(line);
  }
  return std::string();
}

// Yosys' first ERROR line, as one message about the user's input. Errors in the block's
// Verilog name the design (the user may have edited it); anything else is ours.
[[noreturn]] void throw_yosys_error(const RunResult& res, const ProveRequest& r) {
  const std::string_view log = res.out;
  const std::size_t at = log.find("ERROR: ");
  if (at == std::string_view::npos) {
    if (const auto message = design_reader_message(log)) {
      throw UsageError(fmt::format("{}: Yosys could not read module {} ({}){}{}", r.design_name,
                                   r.design_top, how_it_ended(res), message->empty() ? "" : ": ",
                                   *message));
    }
    throw std::runtime_error(fmt::format("yosys failed on {} ({}):\n{}", r.design_top,
                                         how_it_ended(res), first_lines(log, 40)));
  }
  std::size_t begin = log.rfind('\n', at);
  begin = begin == std::string_view::npos ? 0 : begin + 1;
  const std::string_view prefix = log.substr(begin, at - begin);  // "design.v:6: " or empty
  const std::string what(log.substr(at + 7, log.find('\n', at) - at - 7));
  if (what.starts_with("Assertion failed: selection is empty")) {
    // The selection names the register: "<top>/w:<reg>".
    const std::size_t w = what.rfind("/w:");
    const std::string reg = w == std::string::npos ? what : what.substr(w + 3);
    throw UsageError(fmt::format(
        "{}: module {} has no register '{}', which its properties read (keep the generated "
        "register names when editing)",
        r.design_name, r.design_top, reg));
  }
  const std::string ours = std::string(kProveDesignName) + ":";
  if (prefix.starts_with(ours)) {
    std::string_view line = prefix.substr(ours.size());
    line = line.substr(0, line.find(':'));
    throw UsageError(
        fmt::format("{}:{}: {} (Yosys, module {})", r.design_name, line, what, r.design_top));
  }
  if (prefix.starts_with(kPropsName)) {
    throw std::runtime_error(
        fmt::format("yosys rejects the property wrapper {}: {}{}", r.props_top, prefix, what));
  }
  throw UsageError(fmt::format("{}: {} (Yosys, module {})", r.design_name, what, r.design_top));
}

}  // namespace

std::string prove_script(const ProveRequest& r, ProvePhase phase, unsigned steps,
                         const std::string& design_file, const std::string& props_file,
                         const std::string& vcd_file) {
  std::string s;
  s += fmt::format("read_verilog -noautowire {}\n", design_file);
  s += "proc\n";
  // The wrapper reads these registers through ports of the same name.
  for (const auto& reg : r.exposed) {
    s += fmt::format("select -assert-any {}/w:{}\n", r.design_top, reg);
  }
  if (!r.exposed.empty()) {
    s += "expose";
    for (const auto& reg : r.exposed) s += fmt::format(" {}/w:{}", r.design_top, reg);
    s += "\n";
  }
  s += fmt::format("read_verilog -noautowire -formal {}\n", props_file);
  s += fmt::format("prep -flatten -top {}\n", r.props_top);
  // SAT cannot import a memory ($mem_v2): a block whose RAMs are Verilog memories (AWG's
  // SyncMon) is proven over them mapped to registers. A no-op for blocks without memories.
  s += "memory_map\n";
  s += "async2sync\n";
  s += "dffunmap\n";
  // A smaller problem for the SAT solver, the same logic: constants folded, widths trimmed to
  // the bits that matter. The preset's sub-warp packer proved in 57 s instead of 83. Only
  // unnamed wires go, so every -show wire below is still there.
  s += "opt -full\n";
  s += "wreduce\n";
  s += "opt_clean\n";
  // Registers start at zero, so the wrapper's reset_seen_q is clear in the base case: every
  // assertion is checked from the first reset on. The induction step starts anywhere.
  s += fmt::format("sat {} -prove-asserts -set-assumes -set-init-zero -maxsteps {}",
                   phase == ProvePhase::kInduction ? "-tempinduct" : "-tempinduct-baseonly", steps);
  s += " -show-inputs";
  for (const auto& c : r.checks) s += " -show " + c.wire;
  for (const auto& w : r.observed) s += " -show " + w;
  if (!vcd_file.empty()) s += " -dump_vcd " + vcd_file;
  s += "\n";
  return s;
}

ProveResult prove(const ProveRequest& r, const ProveOptions& options) {
  check_identifier(r.design_top, "module");
  check_identifier(r.props_top, "module");
  for (const auto& reg : r.exposed) check_identifier(reg, "register");
  for (const auto& c : r.checks) check_identifier(c.wire, "wire");
  for (const auto& w : r.observed) check_identifier(w, "wire");
  if (r.checks.empty()) throw std::invalid_argument("prove: no assertions to prove");
  if (r.max_steps == 0) throw std::invalid_argument("prove: max_steps must be at least 1");
  if (!find_program(options.yosys)) {
    throw UsageError(
        fmt::format("{}: Yosys not found; install Yosys 0.23 or newer", options.yosys));
  }

  TempDir dir("warpforge-prove");
  dir.write(kProveDesignName, r.design);
  dir.write(kPropsName, r.props);
  const bool want_vcd = !options.counterexample.empty();
  const auto deadline = std::chrono::steady_clock::now() + options.timeout;
  double seconds = 0;

  // One phase: its result, or kTimedOut or kOutOfMemory.
  auto run_phase = [&](ProvePhase phase, unsigned steps) {
    dir.write(kProveScriptName, prove_script(r, phase, steps, kProveDesignName, kPropsName,
                                             want_vcd ? kVcdName : ""));
    RunOptions run;
    run.cwd = dir.path();
    run.memory_limit = options.memory_limit;
    if (options.timeout.count() > 0) {
      run.timeout = std::max(std::chrono::milliseconds(1),
                             std::chrono::duration_cast<std::chrono::milliseconds>(
                                 deadline - std::chrono::steady_clock::now()));
    }
    // Without -q: the verdict and the model are in the log. No `sat -verify`: Yosys leaves
    // with _Exit on an error, and the model printed before it would be lost in the pipe.
    const RunResult res = run_process({options.yosys, "-Q", "-T", "-s", kProveScriptName}, run);
    seconds += res.wall.count();
    ProveResult result;
    if (res.timed_out) {
      result.status = ProveStatus::kTimedOut;
    } else if (res.out_of_memory) {
      result.status = ProveStatus::kOutOfMemory;
    } else {
      if (!res.ok()) throw_yosys_error(res, r);
      result = parse_prove_log(res.out, r.checks);
    }
    if (want_vcd && result.status == ProveStatus::kViolated) {
      write_file_atomically(options.counterexample, read_file(dir.path() / kVcdName));
    }
    return result;
  };

  if (r.bounded_only) {
    ProveResult result = run_phase(ProvePhase::kBaseCase, r.max_steps);
    if (result.status == ProveStatus::kUnproven) result.status = ProveStatus::kBounded;
    result.seconds = seconds;
    return result;
  }
  ProveResult result = run_phase(ProvePhase::kInduction, std::min(kInductionSteps, r.max_steps));
  if (result.status == ProveStatus::kUnproven && r.max_steps > kInductionSteps) {
    // Induction did not close: look deeper for a trace that really breaks an assertion.
    const std::vector<std::string> induction_failed = result.failed;
    result = run_phase(ProvePhase::kBaseCase, r.max_steps);
    if (result.status == ProveStatus::kUnproven) result.failed = induction_failed;
  }
  result.seconds = seconds;
  return result;
}

}  // namespace wf::synth
