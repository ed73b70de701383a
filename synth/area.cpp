#include "synth/area.h"

#include <cmath>
#include <filesystem>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/text.h"
#include "synth/cell_library.h"
#include "synth/lint.h"
#include "synth/subprocess.h"
#include "synth/temp_dir.h"

namespace wf::synth {
namespace fs = std::filesystem;

namespace {

constexpr const char* kLibertyName = "cells.lib";
constexpr const char* kDesignName = "design.v";
constexpr const char* kScriptName = "area.ys";
constexpr std::size_t kMaxWarnings = 20;
// Logged before the statistics that count the memories (area_script).
constexpr const char* kMemoriesMarker = "warpforge: memories before mapping";

struct VerilogSource {
  std::string text;
  std::string name;  // how to refer to the input in messages
};

VerilogSource load_verilog(const std::string& text_or_file) {
  std::error_code ec;
  if (text_or_file.find('\n') == std::string::npos && fs::is_regular_file(text_or_file, ec)) {
    return {read_file(text_or_file), text_or_file};
  }
  if (text_or_file.find("endmodule") != std::string::npos) return {text_or_file, "<verilog text>"};
  throw UsageError(fmt::format("{}: cannot read Verilog file (no such file)", text_or_file));
}

// One line saying why Yosys failed, from the first "ERROR:" of its log: "where: what", where
// is the user's file (and line, when Yosys gives one) instead of our temporary copy.
std::string yosys_error(std::string_view log, const std::string& source_name) {
  std::size_t at = log.find("ERROR: ");
  if (at == std::string_view::npos) return {};
  std::size_t begin = log.rfind('\n', at);
  begin = begin == std::string_view::npos ? 0 : begin + 1;
  std::string where = source_name;
  std::string_view prefix = log.substr(begin, at - begin);  // "design.v:6: " or empty
  const std::string ours = std::string(kDesignName) + ":";
  if (prefix.starts_with(ours)) {
    std::string_view line_no = prefix.substr(ours.size());
    line_no = line_no.substr(0, line_no.find(':'));
    where.append(":").append(line_no);
  }
  std::string what(log.substr(at + 7, log.find('\n', at) - at - 7));
  // `check -assert` only counts problems; the first warning before it says what they are.
  std::size_t warning = log.find("Warning: ");
  if (what.find("check -assert") != std::string::npos && warning < at) {
    std::string_view first = log.substr(warning + 9, log.find('\n', warning) - warning - 9);
    what.append(" (").append(first).append(")");
  }
  return where + ": " + what;
}

const CellInfo* library_cell(const std::string& name) {
  for (const CellInfo& c : reference_cells()) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

// Yosys' own flip-flop types, which only survive when dfflibmap could not map them.
bool is_internal_ff(const std::string& type) {
  for (const char* prefix : {"$_DFF", "$_SDFF", "$_DFFE", "$_ALDFF", "$_DFFSR"}) {
    if (type.starts_with(prefix)) return true;
  }
  return false;
}

bool all_digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// The last `stat` section of `top`. Yosys 0.23 prints, indented:
//   Number of cells:                 16
//     AND2_X1                         3      <- one line per kind, right after the total
//   Chip area for module '\counter4': 30.590000
void parse_stat(const std::vector<std::string_view>& lines, const std::string& top, AreaReport& r) {
  const std::string header = "=== " + top + " ===";
  std::size_t start = lines.size();
  for (std::size_t i = lines.size(); i-- > 0;) {
    if (text::trim(lines[i]) == header) {
      start = i;
      break;
    }
  }
  if (start == lines.size()) throw std::runtime_error("yosys log: no statistics for " + top);

  bool have_cells = false, have_area = false, in_kinds = false;
  for (std::size_t i = start + 1; i < lines.size() && !have_area; ++i) {
    std::string_view line = lines[i];
    std::vector<std::string_view> words = text::split_words(line);
    const std::string_view trimmed = text::trim(line);
    if (trimmed.starts_with("Number of cells:") && words.size() == 4 && all_digits(words[3])) {
      r.total_cells = std::stoi(std::string(words[3]));
      have_cells = in_kinds = true;
    } else if (in_kinds && line.starts_with("     ") && words.size() == 2 && all_digits(words[1])) {
      r.cells_by_kind[std::string(words[0])] += std::stoi(std::string(words[1]));
    } else if (trimmed.starts_with("Chip area for module ")) {
      std::size_t colon = trimmed.rfind(": ");
      if (colon == std::string_view::npos) break;
      r.area_um2 = std::stod(std::string(trimmed.substr(colon + 2)));
      have_area = true;
    } else {
      in_kinds = false;
      if (trimmed.starts_with("===")) break;
    }
  }
  if (!have_cells || !have_area) {
    throw std::runtime_error("yosys log: incomplete statistics for " + top);
  }
  int listed = 0;
  for (const auto& [kind, n] : r.cells_by_kind) listed += n;
  if (listed != r.total_cells) {
    throw std::runtime_error(
        fmt::format("yosys log: {} cells listed by kind but {} in total", listed, r.total_cells));
  }
}

// "Number of memories:" and "Number of memory bits:" of the statistics after the marker.
void parse_memories(const std::vector<std::string_view>& lines, AreaReport& r) {
  std::size_t i = 0;
  while (i < lines.size() && text::trim(lines[i]) != kMemoriesMarker) ++i;
  bool have_count = false, have_bits = false;
  for (; i < lines.size() && !(have_count && have_bits); ++i) {
    const std::vector<std::string_view> words = text::split_words(lines[i]);
    const std::string_view trimmed = text::trim(lines[i]);
    if (trimmed.starts_with("Number of memories:") && words.size() == 4 && all_digits(words[3])) {
      r.memories = std::stoi(std::string(words[3]));
      have_count = true;
    } else if (trimmed.starts_with("Number of memory bits:") && words.size() == 5 &&
               all_digits(words[4])) {
      r.ram_bits = std::stoi(std::string(words[4]));
      have_bits = true;
    }
  }
  if (have_count != have_bits) throw std::runtime_error("yosys log: incomplete memory statistics");
}

void parse_ltp(const std::vector<std::string_view>& lines, const std::string& top, AreaReport& r) {
  const std::string prefix = "Longest topological path in " + top + " (length=";
  for (std::size_t i = lines.size(); i-- > 0;) {
    if (lines[i].starts_with(prefix)) {
      r.longest_path = std::stoi(std::string(lines[i].substr(prefix.size())));
      return;
    }
  }
  throw std::runtime_error("yosys log: no longest-path report for " + top);
}

void collect_warnings(const std::vector<std::string_view>& lines, AreaReport& r) {
  std::set<std::string> seen;
  std::size_t dropped = 0;
  for (std::string_view line : lines) {
    if (!line.starts_with("Warning: ")) continue;
    std::string w(text::trim(line));
    if (!seen.insert(w).second) continue;
    if (r.warnings.size() < kMaxWarnings) {
      r.warnings.push_back(std::move(w));
    } else {
      ++dropped;
    }
  }
  if (dropped > 0) r.warnings.push_back(fmt::format("... and {} more Yosys warnings", dropped));
}

// Flip-flop bits, and checks that every cell came from our library and that Yosys summed the
// same areas we would.
void account_cells(AreaReport& r) {
  double expected_area = 0;
  for (const auto& [kind, n] : r.cells_by_kind) {
    if (const CellInfo* cell = library_cell(kind)) {
      expected_area += cell->area_um2 * n;
      if (cell->sequential) r.ff_bits += n;
      continue;
    }
    if (is_internal_ff(kind)) r.ff_bits += n;
    r.warnings.push_back(
        fmt::format("{} x {} is not a reference-library cell; its area is not counted", n, kind));
  }
  if (std::abs(expected_area - r.area_um2) > 1e-3) {
    r.warnings.push_back(fmt::format("Yosys reports {:.3f} um^2, the library's areas sum to {:.3f}",
                                     r.area_um2, expected_area));
  }
}

}  // namespace

std::string area_script(const std::string& top, const std::string& liberty) {
  // Flip-flops must cut the longest-path search; `ltp -noff` only knows Yosys' own flop types,
  // so the mapped library flops are deselected by name.
  std::string flops;
  int count = 0;
  for (const CellInfo& c : reference_cells()) {
    if (!c.sequential) continue;
    flops += fmt::format(" t:{}", c.name);
    if (++count > 1) flops += " %u";
  }
  // Verilog memories are RAM macros in silicon (an SRAM, or with asynchronous read ports a
  // register file), not flip-flops and multiplexers: after the coarse synthesis (memory
  // -nomap; a registered read port merged into the memory) they are counted, and cut out: the
  // signals into their ports become outputs, so the logic that drives them stays, and their
  // read data become inputs. Mapping a 1024-entry memory to flip-flops would also take Yosys
  // longer than the time budget. The wires are given public names first: `expose` leaves
  // Yosys-internal ones alone.
  // read_liberty -lib declares the cells as black boxes with port directions; without it
  // `check` and `ltp` see mapped cells as having no outputs.
  return fmt::format(
      "read_liberty -lib {lib}\n"
      "read_verilog -noautowire {design}\n"
      "hierarchy -check -top {top}\n"
      "synth -top {top} -flatten -run :fine\n"
      "memory_unpack\n"
      "log {marker}\n"
      "stat\n"
      "select -set wf_ram_in t:$memwr* %ci1:+$memwr_v2[ADDR,DATA,EN] w:* %i\n"
      "select -set wf_ram_read t:$memrd* %ci1:+$memrd_v2[ADDR,EN,ARST,SRST] w:* %i\n"
      "rename -enumerate -pattern wf_ram_port_% @wf_ram_in @wf_ram_read\n"
      "expose @wf_ram_in @wf_ram_read\n"
      "delete t:$memwr* t:$memrd* t:$meminit* m:*\n"
      "setundef -undriven -expose\n"
      "synth -top {top} -flatten -run fine:\n"
      "dfflibmap -liberty {lib}\n"
      "abc -liberty {lib}\n"
      "opt_clean\n"
      "check -assert\n"
      "stat -liberty {lib}\n"
      "ltp -noff{flops}{invert}\n",
      fmt::arg("lib", liberty), fmt::arg("design", kDesignName), fmt::arg("top", top),
      fmt::arg("marker", kMemoriesMarker), fmt::arg("flops", flops),
      fmt::arg("invert", count > 0 ? " %n" : ""));
}

AreaReport parse_area_log(std::string_view log, const std::string& top) {
  std::vector<std::string_view> lines = text::split_lines(log);
  AreaReport r;
  r.top = top;
  parse_memories(lines, r);
  parse_stat(lines, top, r);
  parse_ltp(lines, top, r);
  collect_warnings(lines, r);
  account_cells(r);
  r.nand2_eq = r.area_um2 / nand2_area_um2();
  return r;
}

AreaReport estimate_area(const std::string& verilog_text_or_file, const std::string& top,
                         const AreaOptions& options) {
  if (!is_verilog_identifier(top)) {
    throw UsageError(fmt::format("{}: not a Verilog module name", top));
  }
  VerilogSource source = load_verilog(verilog_text_or_file);
  if (!find_program(options.yosys)) {
    throw UsageError(
        fmt::format("{}: Yosys not found; install Yosys 0.23 or newer", options.yosys));
  }

  TempDir dir("warpforge-area");
  dir.write(kLibertyName, reference_liberty());
  dir.write(kDesignName, source.text);
  dir.write(kScriptName, area_script(top, kLibertyName));

  RunOptions run;
  run.cwd = dir.path();
  run.timeout = options.timeout;
  RunResult res = run_process({options.yosys, "-Q", "-T", "-s", kScriptName}, run);
  if (res.timed_out) {
    // Synthesis of the user's input that does not end (a loop Yosys unrolls for ever) is the
    // input's fault, like a design Yosys rejects.
    throw UsageError(
        fmt::format("{} ({}): Yosys did not finish the synthesis within {} s "
                    "(--time-budget)",
                    top, options.design_name.empty() ? source.name : options.design_name,
                    options.timeout.count()));
  }
  if (res.out_of_memory) {
    // Like the time budget: synthesis of the user's input that outgrows it is the input's
    // fault (generated RTL never comes near it).
    throw UsageError(
        fmt::format("{} ({}): Yosys ran out of its memory budget of {} in the "
                    "synthesis (half of this machine's memory)",
                    top, options.design_name.empty() ? source.name : options.design_name,
                    format_memory(run.memory_limit)));
  }
  if (!res.ok()) {
    std::string error = yosys_error(res.out, source.name);
    if (!error.empty()) throw UsageError(fmt::format("{} (Yosys, module {})", error, top));
    throw std::runtime_error(fmt::format("yosys failed (exit {}, signal {}) on {}:\n{}",
                                         res.exit_code, res.term_signal, top,
                                         first_lines(res.out, 40)));
  }
  AreaReport report = parse_area_log(res.out, top);
  report.yosys_seconds = res.wall.count();
  return report;
}

}  // namespace wf::synth
