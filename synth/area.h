// Area and logic depth of a Verilog block, from Yosys synthesis onto the reference cell library
// (synth/cells.lib: Nangate 45 nm cell areas). What `warpforge area` prints.
#pragma once

#include <chrono>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace wf::synth {

struct AreaReport {
  std::string top;  // the module synthesised (the "block")
  int ff_bits = 0;  // flip-flops after mapping, one per state bit
  // The design's Verilog memories (`reg [W-1:0] m [0:N-1]`), which silicon builds as RAM
  // macros: counted here in bits and left out of the cells, flip-flops and area below.
  int memories = 0;
  int ram_bits = 0;
  std::map<std::string, int> cells_by_kind;  // library cell name -> instances
  int total_cells = 0;                       // all instances, flip-flops included
  double area_um2 = 0;                       // sum of cell areas
  double nand2_eq = 0;                       // area_um2 / area(NAND2_X1)
  int longest_path = 0;                      // cells on the longest flop-to-flop/port path
  double yosys_seconds = 0;                  // wall time of the Yosys run
  std::vector<std::string> warnings;         // Yosys warnings, deduplicated, and ours
};

struct AreaOptions {
  std::string yosys = "yosys";        // program name or path
  std::chrono::seconds timeout{600};  // generous: large blocks take minutes; 0: none
  std::string design_name;            // how messages name the input; empty: the file or text
};

// Synthesises `top_module` with Yosys in a private temporary directory and reports its cost.
// `verilog_text_or_file` is the path of a Verilog file, or Verilog source text (anything that
// is not an existing file and contains "endmodule").
// Throws wf::UsageError when Yosys is missing, the input is unreadable or not Verilog, the top
// name is not a Verilog identifier, Yosys rejects the design (the message quotes its ERROR
// line) or does not finish within the timeout; std::runtime_error when Yosys prints output we
// cannot read.
AreaReport estimate_area(const std::string& verilog_text_or_file, const std::string& top_module,
                         const AreaOptions& options = {});

// The Yosys script estimate_area runs, with the Liberty file at `liberty_path` (relative to
// Yosys' working directory).
std::string area_script(const std::string& top_module, const std::string& liberty_path);

// Reads the numbers out of the log of area_script (the memories counted before mapping, the
// last `stat -liberty` and `ltp` of `top_module`). yosys_seconds is left 0. Throws
// std::runtime_error when a section is missing; a log without the memory count (from a script
// that does not count them) reads as a design without memories.
AreaReport parse_area_log(std::string_view log, const std::string& top_module);

// JSON, keys as the field names above (nlohmann ADL hooks).
void to_json(nlohmann::json& j, const AreaReport& r);
void from_json(const nlohmann::json& j, AreaReport& r);

// A plain-text table, one row per report: block, FF bits, RAM bits, cells, NAND2 eq, um^2,
// longest path.
std::string format_area_table(std::span<const AreaReport> reports);
std::string format_area_table(const AreaReport& report);

// One report's cells by kind with their share of the area, largest first.
std::string format_cell_breakdown(const AreaReport& report);

}  // namespace wf::synth
