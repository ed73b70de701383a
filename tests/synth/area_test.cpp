// Runs Yosys 0.23 on the fixtures. Exact counts are asserted only where they follow from the
// design (flip-flop bits); gate counts and depth get bounds, since they are ABC's choices.
#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "synth/area.h"
#include "tests/synth/fixtures.h"

namespace wf::synth {
namespace {

TEST(EstimateArea, Register48WithSyncResetHasExactly48FlipFlops) {
  AreaReport r = estimate_area(kFixtures + "/reg48.v", "reg48");
  EXPECT_EQ(r.ff_bits, 48);
  EXPECT_EQ(r.cells_by_kind.at("DFF_X1"), 48);
  // The synchronous reset is logic in front of plain flops, never an async-clear flop.
  EXPECT_EQ(r.cells_by_kind.count("DFFR_X1"), 0u);
  EXPECT_GT(r.total_cells, 48);  // reset and enable gates
  EXPECT_GE(r.area_um2, 48 * 4.522);
  EXPECT_DOUBLE_EQ(r.nand2_eq, r.area_um2 / 0.798);
  EXPECT_GE(r.longest_path, 1);
  EXPECT_LE(r.longest_path, 3);  // enable mux + reset gate; flip-flops cut the path
  EXPECT_GT(r.yosys_seconds, 0);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
}

TEST(EstimateArea, RegisterFileMemoryIsCountedAsExactly48RamBitsNotFlipFlops) {
  AreaReport r = estimate_area(kFixtures + "/regfile6x8.v", "regfile6x8");
  EXPECT_EQ(r.memories, 1);
  EXPECT_EQ(r.ram_bits, 48);
  EXPECT_EQ(r.ff_bits, 0);
  // The write-address check and the read multiplexers' out-of-range zeroing stay as logic.
  EXPECT_GT(r.total_cells, 0);
}

TEST(EstimateArea, RegistersOutsideMemoriesStayFlipFlops) {
  AreaReport r = estimate_area(kFixtures + "/reg48.v", "reg48");
  EXPECT_EQ(r.memories, 0);
  EXPECT_EQ(r.ram_bits, 0);
  EXPECT_EQ(r.ff_bits, 48);
}

TEST(EstimateArea, CounterAcrossTwoModulesIsFlattened) {
  AreaReport r = estimate_area(kFixtures + "/counter4.v", "counter4");
  EXPECT_EQ(r.ff_bits, 4);
  EXPECT_GT(r.total_cells, 4);
  EXPECT_GE(r.longest_path, 2);  // the incrementer's carry feeds the top bit
}

TEST(EstimateArea, CombinationalAdderHasNoFlipFlopsAndADeepCarry) {
  AreaReport r = estimate_area(kFixtures + "/adder8.v", "adder8");
  EXPECT_EQ(r.ff_bits, 0);
  EXPECT_GT(r.total_cells, 8);
  // sum_o[8] depends on all 16 inputs; with at most 3 inputs per cell that takes >= 3 levels,
  // and carry propagation makes it deeper in practice.
  EXPECT_GE(r.longest_path, 4);
  EXPECT_LE(r.longest_path, 24);
}

TEST(EstimateArea, AcceptsVerilogTextAndWorksFromAnyDirectory) {
  std::string text = read_file(kFixtures + "/reg48.v");
  auto here = std::filesystem::current_path();
  std::filesystem::current_path(std::filesystem::temp_directory_path());
  AreaReport r = estimate_area(text, "reg48");
  std::filesystem::current_path(here);
  EXPECT_EQ(r.ff_bits, 48);
}

TEST(EstimateArea, BadInputIsAUsageError) {
  EXPECT_THROW(estimate_area(kFixtures + "/reg48.v", "reg48; shell rm -rf x"), UsageError);
  EXPECT_THROW(estimate_area(kFixtures + "/no_such_file.v", "reg48"), UsageError);
  EXPECT_THROW(estimate_area(kFixtures + "/reg48.v", "not_the_top"), UsageError);
  EXPECT_THROW(estimate_area("module broken(; endmodule", "broken"), UsageError);
  AreaOptions missing;
  missing.yosys = "warpforge-no-such-yosys";
  EXPECT_THROW(estimate_area(kFixtures + "/reg48.v", "reg48", missing), UsageError);
}

TEST(EstimateArea, ErrorMessageNamesTheUsersFile) {
  try {
    estimate_area(kFixtures + "/undeclared.v", "undeclared");
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("undeclared.v:6"), std::string::npos) << what;
    EXPECT_EQ(what.find("design.v"), std::string::npos) << what;
  }
}

TEST(EstimateArea, MultipleDriversFailCheckAssert) {
  try {
    estimate_area(kFixtures + "/multi_driven.v", "multi_driven");
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("check -assert"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace wf::synth
