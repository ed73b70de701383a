#include "synth/lint.h"

#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "tests/synth/fixtures.h"

namespace wf::synth {
namespace {

TEST(LintVerilator, CleanFilePasses) {
  LintResult r = lint_verilator(kFixtures + "/adder8.v", "adder8");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.tool, "verilator");
  EXPECT_EQ(r.exit_code, 0);
}

TEST(LintVerilator, UndeclaredIdentifierFails) {
  LintResult r = lint_verilator(kFixtures + "/undeclared.v", "undeclared");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.diagnostics.find("undeclared_w"), std::string::npos) << r.diagnostics;
}

TEST(LintVerilator, WallMakesWarningsFail) {
  LintResult r = lint_verilator(kFixtures + "/unused_input.v", "unused_input");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnostics.find("UNUSEDSIGNAL"), std::string::npos) << r.diagnostics;
}

TEST(CheckYosys, CleanFilesPass) {
  for (const char* top : {"adder8", "reg48", "regfile6x8", "unused_input"}) {
    LintResult r = check_yosys(kFixtures + "/" + top + ".v", top);
    EXPECT_TRUE(r.ok) << top << ": " << r.diagnostics;
    EXPECT_EQ(r.tool, "yosys");
  }
}

TEST(CheckYosys, UndeclaredIdentifierFails) {
  LintResult r = check_yosys(kFixtures + "/undeclared.v", "undeclared");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnostics.find("undeclared_w"), std::string::npos) << r.diagnostics;
}

TEST(CheckYosys, MultipleDriversFailCheckAssert) {
  LintResult r = check_yosys(kFixtures + "/multi_driven.v", "multi_driven");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnostics.find("check -assert"), std::string::npos) << r.diagnostics;
}

TEST(CheckYosys, WrongTopFails) {
  LintResult r = check_yosys(kFixtures + "/adder8.v", "not_there");
  EXPECT_FALSE(r.ok);
}

TEST(Lint, MissingFileOrToolOrBadTopIsAUsageError) {
  EXPECT_THROW(lint_verilator(kFixtures + "/no_such_file.v", "x"), UsageError);
  EXPECT_THROW(check_yosys(kFixtures + "/no_such_file.v", "x"), UsageError);
  EXPECT_THROW(check_yosys(kFixtures + "/adder8.v", "adder8; write_verilog /tmp/x"), UsageError);
  LintOptions missing;
  missing.program = "warpforge-no-such-tool";
  EXPECT_THROW(lint_verilator(kFixtures + "/adder8.v", "adder8", missing), UsageError);
  EXPECT_THROW(check_yosys(kFixtures + "/adder8.v", "adder8", missing), UsageError);
}

}  // namespace
}  // namespace wf::synth
