#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sim_model/common/atomic_file.h"
#include "synth/area.h"
#include "synth/lint.h"

namespace wf::synth {
namespace {

// Yosys 0.23's log of area_script("counter4", "cells.lib") on fixtures/counter4.v (the
// temporary directory in two ABC lines replaced by <tmpdir>).
AreaReport counter4_from_log() {
  return parse_area_log(read_file(WF_SYNTH_FIXTURES "/counter4_yosys.log"), "counter4");
}

TEST(AreaLog, ReadsTheExactNumbersOfACapturedLog) {
  AreaReport r = counter4_from_log();
  EXPECT_EQ(r.top, "counter4");
  EXPECT_EQ(r.total_cells, 16);
  const std::map<std::string, int> kinds = {{"AND2_X1", 3}, {"AOI21_X1", 2}, {"DFF_X1", 4},
                                            {"INV_X1", 1},  {"MUX2_X1", 1},  {"NAND2_X1", 1},
                                            {"NOR2_X1", 1}, {"OAI21_X1", 3}};
  EXPECT_EQ(r.cells_by_kind, kinds);
  EXPECT_EQ(r.ff_bits, 4);
  EXPECT_DOUBLE_EQ(r.area_um2, 30.59);
  EXPECT_DOUBLE_EQ(r.nand2_eq, 30.59 / 0.798);
  EXPECT_EQ(r.longest_path, 5);
  EXPECT_TRUE(r.warnings.empty());
}

TEST(AreaLog, TakesTheLastStatisticsNotSynthsOwn) {
  // `synth` prints its own statistics (Yosys-internal cells) before ours.
  const char* log = R"(
2.26. Printing statistics.

=== m ===

   Number of cells:                  2
     $_SDFF_PN0_                     2

9. Printing statistics.

=== m ===

   Number of cells:                  3
     DFF_X1                          2
     AND2_X1                         1

   Chip area for module '\m': 10.108000

Warning: something odd
Warning: something odd
Warning: another thing
Longest topological path in m (length=1):
)";
  AreaReport r = parse_area_log(log, "m");
  EXPECT_EQ(r.total_cells, 3);
  EXPECT_EQ(r.ff_bits, 2);
  EXPECT_EQ(r.cells_by_kind.count("$_SDFF_PN0_"), 0u);
  EXPECT_EQ(r.longest_path, 1);
  EXPECT_EQ(r.warnings,
            (std::vector<std::string>{"Warning: something odd", "Warning: another thing"}));
}

TEST(AreaLog, ReadsTheMemoriesCountedBeforeMapping) {
  const char* log = R"(
warpforge: memories before mapping

6. Printing statistics.

=== m ===

   Number of memories:               3
   Number of memory bits:        92160
   Number of cells:                240

9. Printing statistics.

=== m ===

   Number of memories:               0
   Number of memory bits:            0
   Number of cells:                  1
     DFF_X1                          1

   Chip area for module '\m': 4.522000

Longest topological path in m (length=1):
)";
  AreaReport r = parse_area_log(log, "m");
  EXPECT_EQ(r.memories, 3);
  EXPECT_EQ(r.ram_bits, 92160);
  EXPECT_EQ(r.ff_bits, 1);
  EXPECT_EQ(counter4_from_log().ram_bits, 0);  // the captured log of a design without any
}

TEST(AreaLog, FlagsCellsOutsideTheLibrary) {
  const char* log = R"(=== m ===
   Number of cells:                  3
     $_DFF_P_                        2
     NAND2_X1                        1

   Chip area for module '\m': 0.798000
Longest topological path in m (length=1):
)";
  AreaReport r = parse_area_log(log, "m");
  EXPECT_EQ(r.ff_bits, 2);  // still state bits, even though unmapped
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("$_DFF_P_"), std::string::npos);
}

TEST(AreaLog, MissingSectionsAreErrors) {
  EXPECT_THROW(parse_area_log("nothing here", "m"), std::runtime_error);
  EXPECT_THROW(parse_area_log("=== m ===\n   Number of cells: 1\n     INV_X1 1\n", "m"),
               std::runtime_error);  // no area, no ltp
  EXPECT_THROW(parse_area_log(read_file(WF_SYNTH_FIXTURES "/counter4_yosys.log"), "other"),
               std::runtime_error);
}

TEST(AreaReportJson, RoundTrips) {
  AreaReport r = counter4_from_log();
  r.yosys_seconds = 0.25;
  r.warnings = {"Warning: x"};
  r.memories = 2;
  r.ram_bits = 100;
  nlohmann::json j = r;
  EXPECT_EQ(j["ff_bits"], 4);
  EXPECT_EQ(j["ram_bits"], 100);
  EXPECT_EQ(j["cells_by_kind"]["DFF_X1"], 4);
  EXPECT_EQ(j["top"], "counter4");
  AreaReport back = j.get<AreaReport>();
  EXPECT_EQ(back.cells_by_kind, r.cells_by_kind);
  EXPECT_EQ(back.ff_bits, r.ff_bits);
  EXPECT_EQ(back.memories, r.memories);
  EXPECT_EQ(back.ram_bits, r.ram_bits);
  EXPECT_DOUBLE_EQ(back.area_um2, r.area_um2);
  EXPECT_EQ(back.longest_path, r.longest_path);
  EXPECT_EQ(back.warnings, r.warnings);
}

TEST(AreaTable, OneRowPerBlockAndATotal) {
  AreaReport a = counter4_from_log();
  AreaReport b = a;
  b.top = "counter4_copy";
  b.memories = 1;
  b.ram_bits = 512;
  std::vector<AreaReport> both{a, b};
  std::string table = format_area_table(both);
  EXPECT_EQ(table,
            "block          FF bits  RAM bits    cells    NAND2 eq          µm²  longest path\n"
            "counter4             4         0       16        38.3       30.590             5\n"
            "counter4_copy        4       512       16        38.3       30.590             5\n"
            "total                8       512       32        76.7       61.180             5\n");
  EXPECT_EQ(format_area_table(a).find("total"), std::string::npos);
}

TEST(AreaTable, CellBreakdownIsSortedByArea) {
  std::string text = format_cell_breakdown(counter4_from_log());
  EXPECT_EQ(text.find("counter4: 16 cells, 30.590 µm², 38.3 NAND2 eq\n"), 0u);
  EXPECT_LT(text.find("DFF_X1"), text.find("OAI21_X1"));  // 18.088 > 3.192
  EXPECT_LT(text.find("OAI21_X1"), text.find("INV_X1"));  // 3.192 > 0.532
}

TEST(VerilogIdentifier, AcceptsPlainNamesOnly) {
  EXPECT_TRUE(is_verilog_identifier("mwf_arbiter_w48c8"));
  EXPECT_TRUE(is_verilog_identifier("_x$1"));
  EXPECT_FALSE(is_verilog_identifier(""));
  EXPECT_FALSE(is_verilog_identifier("1abc"));
  EXPECT_FALSE(is_verilog_identifier("$abc"));
  EXPECT_FALSE(is_verilog_identifier("top; shell rm -rf x"));
  EXPECT_FALSE(is_verilog_identifier("a b"));
}

}  // namespace
}  // namespace wf::synth
