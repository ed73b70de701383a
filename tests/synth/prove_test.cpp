// Runs the prover (Yosys 0.23 sat) on the sat_counter fixture and on edited copies of it.
#include <filesystem>

#include <gtest/gtest.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "synth/prove.h"
#include "tests/synth/fixtures.h"

namespace wf::synth {
namespace {

ProveRequest counter_request(const std::string& design) {
  ProveRequest r;
  r.design = design;
  r.design_name = "sat_counter.v";
  r.design_top = "sat_counter";
  r.props = read_file(kFixtures + "/sat_counter_props.v");
  r.props_top = "sat_counter_props";
  r.exposed = {"count_q"};
  r.checks = {{"within_max", "prop_within_max"},
              {"no_wrap", "prop_no_wrap"},
              {"output_is_state", "prop_output_is_state"}};
  r.observed = {"count_o"};
  r.max_steps = 8;
  return r;
}

std::string edited(const std::string& from, const std::string& to) {
  std::string text = read_file(kFixtures + "/sat_counter.v");
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

// Saturating at 7 instead of 5: count_o reaches 6 six cycles after the reset in step 1.
std::string counts_to_seven() {
  return edited("count_q != 3'd5", "count_q != 3'd7");
}

TEST(Prove, SaturatingCounterIsProvenByOneStepInduction) {
  const ProveResult r = prove(counter_request(read_file(kFixtures + "/sat_counter.v")));
  EXPECT_EQ(r.status, ProveStatus::kProven);
  EXPECT_EQ(r.steps, 1u);
  EXPECT_TRUE(r.failed.empty());
  EXPECT_GT(r.seconds, 0);
}

TEST(Prove, ViolationDeeperThanTheInductionIsFoundWithItsTrace) {
  const auto dir = std::filesystem::temp_directory_path() / "warpforge-prove-test";
  std::filesystem::remove_all(dir);
  ProveOptions o;
  o.counterexample = dir / "cex.vcd";
  const ProveResult r = prove(counter_request(counts_to_seven()), o);
  ASSERT_EQ(r.status, ProveStatus::kViolated);
  EXPECT_EQ(r.steps, 8u);  // step 1 resets, step 2 counts 0, ..., step 8 counts 6
  EXPECT_EQ(r.failed, std::vector<std::string>{"within_max"});
  ASSERT_EQ(r.trace.size(), 8u);
  auto value = [&](std::size_t step, const std::string& name) {
    for (const auto& [n, v] : r.trace[step].values)
      if (n == name) return v;
    return std::string("(absent)");
  };
  EXPECT_EQ(value(0, "rst_ni"), "1'h0");
  EXPECT_EQ(value(7, "count_o"), "3'h6");
  for (std::size_t s = 1; s < 8; ++s) EXPECT_EQ(value(s, "rst_ni"), "1'h1") << s;
  for (std::size_t s = 1; s < 7; ++s) EXPECT_EQ(value(s, "en_i"), "1'h1") << s;
  EXPECT_TRUE(read_file(o.counterexample).starts_with("$date"));
  std::filesystem::remove_all(dir);
}

TEST(Prove, NoViolationWithinTheDepthButNoInductionEitherIsUnproven) {
  ProveRequest req = counter_request(counts_to_seven());
  req.max_steps = 7;  // one cycle short of the violation
  const ProveResult r = prove(req);
  EXPECT_EQ(r.status, ProveStatus::kUnproven);
  EXPECT_EQ(r.steps, 7u);
  // The induction step breaks within_max from state 5, which the edited counter leaves upwards.
  EXPECT_NE(std::find(r.failed.begin(), r.failed.end(), "within_max"), r.failed.end());
}

TEST(Prove, BoundedOnlyFindsAViolationWithinItsDepthAndNoMore) {
  ProveRequest req = counter_request(counts_to_seven());
  req.bounded_only = true;
  req.max_steps = 8;
  ProveResult r = prove(req);
  ASSERT_EQ(r.status, ProveStatus::kViolated);
  EXPECT_EQ(r.steps, 8u);
  EXPECT_EQ(r.failed, std::vector<std::string>{"within_max"});
  req.max_steps = 7;  // one cycle short of the violation, and no induction to say more
  r = prove(req);
  EXPECT_EQ(r.status, ProveStatus::kBounded);
  EXPECT_EQ(r.steps, 7u);
  EXPECT_TRUE(r.failed.empty());
}

TEST(Prove, BoundedOnlyNeverClaimsAProof) {
  ProveRequest req = counter_request(read_file(kFixtures + "/sat_counter.v"));
  req.bounded_only = true;
  req.max_steps = 3;
  const ProveResult r = prove(req);
  EXPECT_EQ(r.status, ProveStatus::kBounded);  // one-step induction would prove it
  EXPECT_EQ(r.steps, 3u);
}

TEST(Prove, WrappingCounterBreaksNoWrap) {
  // Counting 0..5 and then back to 0 instead of staying at 5.
  const ProveResult r = prove(counter_request(
      edited("else if (en_i && count_q != 3'd5) count_q <= count_q + 3'd1;",
             "else if (en_i) count_q <= count_q == 3'd5 ? 3'd0 : count_q + 3'd1;")));
  ASSERT_EQ(r.status, ProveStatus::kViolated);
  EXPECT_EQ(r.failed, std::vector<std::string>{"no_wrap"});
  EXPECT_EQ(r.steps, 8u);  // 0 at step 2, 5 at step 7, 0 again at step 8
}

TEST(Prove, MissingRegisterIsBadInputNamingIt) {
  std::string renamed = read_file(kFixtures + "/sat_counter.v");
  for (auto at = renamed.find("count_q"); at != std::string::npos; at = renamed.find("count_q"))
    renamed.replace(at, 7, "value_q");
  ProveRequest req = counter_request(renamed);
  try {
    prove(req);
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("count_q"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("sat_counter.v"), std::string::npos) << e.what();
  }
}

TEST(Prove, SyntaxErrorNamesTheDesignAndLine) {
  try {
    prove(counter_request(edited("assign count_o = count_q;", "assign count_o = ;")));
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("sat_counter.v:13"), std::string::npos) << e.what();
  }
}

TEST(Prove, MissingYosysIsBadInput) {
  ProveOptions o;
  o.yosys = "/nonexistent/yosys";
  EXPECT_THROW(prove(counter_request(read_file(kFixtures + "/sat_counter.v")), o), UsageError);
}

}  // namespace
}  // namespace wf::synth
