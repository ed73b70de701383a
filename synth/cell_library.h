// The reference cell library (synth/cells.lib), compiled into the program: its text for Yosys,
// and the few facts about its cells the area report needs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wf::synth {

struct CellInfo {
  std::string name;
  double area_um2 = 0;
  bool sequential = false;  // has an ff() group: one flip-flop bit per instance
};

// The Liberty text exactly as in synth/cells.lib.
std::string_view reference_liberty();

// The cells of reference_liberty(), in file order.
const std::vector<CellInfo>& reference_cells();

// Area of NAND2_X1, the unit of "NAND2 equivalents".
double nand2_area_um2();

// Reads cell names, areas and whether each cell is a flip-flop from Liberty text. Only the
// subset our own file uses; throws std::runtime_error on text it cannot follow.
std::vector<CellInfo> scan_liberty_cells(std::string_view liberty);

}  // namespace wf::synth
