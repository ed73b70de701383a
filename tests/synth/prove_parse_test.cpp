// Reading the verdict of Yosys' sat -tempinduct out of its log, and the script we give it.
#include <gtest/gtest.h>

#include "synth/prove.h"

namespace wf::synth {
namespace {

const std::vector<ProveCheck> kChecks = {{"within_max", "prop_within_max"},
                                         {"no_wrap", "prop_no_wrap"}};

// The shape of Yosys 0.23's log, cut to the lines that matter.
constexpr const char* kProven = R"(
** Trying induction with length 1 **
[base case 1] Solving problem with 100 variables and 200 clauses..
Base case for induction length 1 proven.
[induction step 1] Solving problem with 200 variables and 400 clauses..
Induction step failed. Incrementing induction length.
** Trying induction with length 2 **
[base case 2] Solving problem with 300 variables and 600 clauses..
Base case for induction length 2 proven.
[induction step 2] Solving problem with 400 variables and 800 clauses..
Induction step proven: SUCCESS!
)";

constexpr const char* kViolated = R"(
** Trying induction with length 3 **
[base case 3] Solving problem with 300 variables and 600 clauses..
SAT temporal induction proof finished - model found for base case: FAIL!

  Time Signal Name                Dec        Hex                                          Bin
  ---- ------------------ ---------- ---------- --------------------------------------------
  init \dut.count_q                 0          0                                          000
  ---- ------------------ ---------- ---------- --------------------------------------------
     1 \clk_i                       0          0                                            0
     1 \prop_no_wrap                1          1                                            1
     1 \prop_within_max             1          1                                            1
     1 \rst_ni                      0          0                                            0
     1 \wide_i                     --         --     1000000000000000000000000000000000000001
  ---- ------------------ ---------- ---------- --------------------------------------------
     2 \clk_i                       0          0                                            0
     2 \prop_no_wrap                1          1                                            1
     2 \prop_within_max             1          1                                            1
     2 \rst_ni                      1          1                                            1
     2 \wide_i                     --         --     0000000000000000000000000000000000000000
  ---- ------------------ ---------- ---------- --------------------------------------------
     3 \clk_i                       0          0                                            0
     3 \count_o [2:1]               3          3                                           11
     3 \prop_no_wrap                0          0                                            0
     3 \prop_within_max             0          0                                            0
     3 \rst_ni                      1          1                                            1
     3 \wide_i                     --         --     0000000000000000000000000000000000000000
Dumping SAT model to VCD file counterexample.vcd
)";

constexpr const char* kInductionOpen = R"(
** Trying induction with length 4 **
[base case 4] Solving problem with 300 variables and 600 clauses..
Base case for induction length 4 proven.
[induction step 4] Solving problem with 400 variables and 800 clauses..
Induction step failed. Incrementing induction length.

  Time Signal Name                Dec        Hex   Bin
  ---- ------------------ ---------- ---------- -----
     4 \prop_no_wrap                1          1     1
     4 \prop_within_max             1          1     1
  ---- ------------------ ---------- ---------- -----
     5 \prop_no_wrap                0          0     0
     5 \prop_within_max             1          1     1

Reached maximum number of time steps -> proof failed.
)";

constexpr const char* kBaseCaseClean = R"(
** Trying induction with length 12 **
[base case 12] Solving problem with 300 variables and 600 clauses..
Base case for induction length 12 proven.

Reached maximum number of time steps -> proved base case for 12 steps: SUCCESS!
)";

TEST(ParseProveLog, ProvenReportsTheInductionLength) {
  const ProveResult r = parse_prove_log(kProven, kChecks);
  EXPECT_EQ(r.status, ProveStatus::kProven);
  EXPECT_EQ(r.steps, 2u);
  EXPECT_TRUE(r.failed.empty());
}

TEST(ParseProveLog, CounterexampleNamesTheFailingChecksAndKeepsTheTrace) {
  const ProveResult r = parse_prove_log(kViolated, kChecks);
  EXPECT_EQ(r.status, ProveStatus::kViolated);
  EXPECT_EQ(r.steps, 3u);
  EXPECT_EQ(r.failed, (std::vector<std::string>{"within_max", "no_wrap"}));  // stated order
  ASSERT_EQ(r.trace.size(), 3u);
  // clk_i and the check wires are left out; wide values are read from the Bin column, and a
  // slice keeps its range.
  ASSERT_EQ(r.trace[0].values.size(), 2u);
  EXPECT_EQ(r.trace[0].values[0], (std::pair<std::string, std::string>{"rst_ni", "1'h0"}));
  EXPECT_EQ(r.trace[0].values[1],
            (std::pair<std::string, std::string>{"wide_i", "40'h80_0000_0001"}));
  EXPECT_EQ(r.trace[2].values[0], (std::pair<std::string, std::string>{"count_o[2:1]", "2'h3"}));
}

TEST(ParseProveLog, OpenInductionIsUnprovenWithTheChecksItBroke) {
  const ProveResult r = parse_prove_log(kInductionOpen, kChecks);
  EXPECT_EQ(r.status, ProveStatus::kUnproven);
  EXPECT_EQ(r.steps, 4u);
  EXPECT_EQ(r.failed, std::vector<std::string>{"no_wrap"});
}

TEST(ParseProveLog, CleanBaseCaseSearchIsUnprovenToItsDepth) {
  const ProveResult r = parse_prove_log(kBaseCaseClean, kChecks);
  EXPECT_EQ(r.status, ProveStatus::kUnproven);
  EXPECT_EQ(r.steps, 12u);
  EXPECT_TRUE(r.failed.empty());
}

TEST(ParseProveLog, LogWithoutVerdictThrows) {
  EXPECT_THROW(parse_prove_log("** Trying induction with length 1 **\n", kChecks),
               std::runtime_error);
}

TEST(ProveScript, ExposesRegistersAndShowsEveryCheck) {
  ProveRequest r;
  r.design_top = "blk";
  r.props_top = "blk_props";
  r.exposed = {"a_q", "b_q"};
  r.checks = kChecks;
  r.observed = {"grant_o"};
  const std::string induction =
      prove_script(r, ProvePhase::kInduction, 4, "design.v", "props.v", "cex.vcd");
  EXPECT_NE(induction.find("select -assert-any blk/w:a_q\n"), std::string::npos);
  EXPECT_NE(induction.find("expose blk/w:a_q blk/w:b_q\n"), std::string::npos);
  EXPECT_NE(induction.find("read_verilog -noautowire -formal props.v\n"), std::string::npos);
  EXPECT_NE(induction.find("sat -tempinduct -prove-asserts -set-assumes -set-init-zero "
                           "-maxsteps 4 -show-inputs -show prop_within_max -show prop_no_wrap "
                           "-show grant_o -dump_vcd cex.vcd\n"),
            std::string::npos)
      << induction;
  const std::string base = prove_script(r, ProvePhase::kBaseCase, 12, "d.v", "p.v", "");
  EXPECT_NE(base.find("sat -tempinduct-baseonly "), std::string::npos);
  EXPECT_NE(base.find("-maxsteps 12 "), std::string::npos);
  EXPECT_EQ(base.find("-dump_vcd"), std::string::npos);
}

}  // namespace
}  // namespace wf::synth
