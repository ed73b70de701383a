#include "synth/cell_library.h"

#include <map>

#include <gtest/gtest.h>

namespace wf::synth {
namespace {

TEST(CellLibrary, EmbedsTheReferenceCellsWithNangateAreas) {
  std::map<std::string, CellInfo> by_name;
  for (const CellInfo& c : reference_cells()) by_name[c.name] = c;
  // The published Nangate 45 nm X1 areas (see the comment at the top of synth/cells.lib).
  const std::map<std::string, double> expected = {
      {"INV_X1", 0.532},   {"BUF_X1", 0.798},   {"NAND2_X1", 0.798}, {"NOR2_X1", 0.798},
      {"AND2_X1", 1.064},  {"OR2_X1", 1.064},   {"XOR2_X1", 1.596},  {"XNOR2_X1", 1.596},
      {"AOI21_X1", 1.064}, {"OAI21_X1", 1.064}, {"MUX2_X1", 1.862},  {"DFF_X1", 4.522},
      {"DFFR_X1", 5.320}};
  ASSERT_EQ(by_name.size(), expected.size());
  for (const auto& [name, area] : expected) {
    ASSERT_TRUE(by_name.count(name)) << name;
    EXPECT_DOUBLE_EQ(by_name[name].area_um2, area) << name;
    EXPECT_EQ(by_name[name].sequential, name.starts_with("DFF")) << name;
  }
  EXPECT_DOUBLE_EQ(nand2_area_um2(), 0.798);
}

TEST(CellLibrary, ScannerIgnoresCommentsAndNestedGroups) {
  const char* lib = R"(/* cell (FAKE) { area : 9; } */
library (x) {
  cell (A_X1) { area : 1.5; pin (Y) { direction : output; function : "!A"; } }
  cell ( R_X1 ) {
    area : 2;
    ff (IQ, IQN) { next_state : "D"; clocked_on : "CK"; }
  }
})";
  std::vector<CellInfo> cells = scan_liberty_cells(lib);
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0].name, "A_X1");
  EXPECT_DOUBLE_EQ(cells[0].area_um2, 1.5);
  EXPECT_FALSE(cells[0].sequential);
  EXPECT_EQ(cells[1].name, "R_X1");
  EXPECT_TRUE(cells[1].sequential);
}

TEST(CellLibrary, ScannerRejectsACellWithoutArea) {
  EXPECT_THROW(scan_liberty_cells("library (x) { cell (A) { pin (Y) { } } }"), std::runtime_error);
}

}  // namespace
}  // namespace wf::synth
