#include "workloads/spec/expression.h"

#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace wf::workloads::spec {
namespace {

// Buffers as plain vectors of Values.
class FakeSource : public ElementSource {
 public:
  std::map<std::string, std::vector<Value>> buffers;
  Value element(const std::string& name, std::int64_t index) const override {
    const auto& b = buffers.at(name);
    if (index < 0 || index >= static_cast<std::int64_t>(b.size()))
      throw ExpressionError("index " + std::to_string(index) + " out of range for " + name);
    return b[static_cast<std::size_t>(index)];
  }
};

Value eval(const std::string& text, const FakeSource& source = {}, std::int64_t i = 0,
           std::int64_t n = 0) {
  return Expression::parse(text).evaluate(source, i, n);
}

std::int64_t eval_int(const std::string& text) {
  const Value v = eval(text);
  EXPECT_EQ(v.kind, Value::Kind::integer) << text;
  return v.i;
}

std::string parse_error(const std::string& text) {
  try {
    Expression::parse(text);
  } catch (const ExpressionError& e) {
    return e.what();
  }
  return "(parsed)";
}

TEST(Expression, IntegerArithmeticFollowsCPrecedence) {
  EXPECT_EQ(eval_int("1 + 2 * 3"), 7);
  EXPECT_EQ(eval_int("(1 + 2) * 3"), 9);
  EXPECT_EQ(eval_int("10 - 4 - 3"), 3);  // left associative
  EXPECT_EQ(eval_int("7 / 2"), 3);
  EXPECT_EQ(eval_int("-7 / 2"), -3);  // truncates toward zero
  EXPECT_EQ(eval_int("-7 % 3"), -1);  // C remainder
  EXPECT_EQ(eval_int("0x10 + 1"), 17);
  EXPECT_EQ(eval_int("--5"), 5);
}

TEST(Expression, ComparisonsAndLogicGiveZeroOrOne) {
  EXPECT_EQ(eval_int("3 < 4"), 1);
  EXPECT_EQ(eval_int("4 <= 3"), 0);
  EXPECT_EQ(eval_int("3 >= 3 && 2 != 2"), 0);
  EXPECT_EQ(eval_int("1 == 2 || 5 > 4"), 1);
  EXPECT_EQ(eval_int("!0"), 1);
  EXPECT_EQ(eval_int("!7"), 0);
  EXPECT_EQ(eval_int("1 + (2 == 2)"), 2);
}

TEST(Expression, LogicShortCircuitsPastErrors) {
  EXPECT_EQ(eval_int("0 && 1 / 0"), 0);
  EXPECT_EQ(eval_int("1 || 1 / 0"), 1);
}

TEST(Expression, IntegerOverflowWraps) {
  EXPECT_EQ(eval_int("9223372036854775807 + 1"), INT64_MIN);
  EXPECT_EQ(eval_int("-9223372036854775807 - 1 - 1"), INT64_MAX);
}

TEST(Expression, FloatsPromoteLikeC) {
  EXPECT_EQ(eval("1 + 0.5").kind, Value::Kind::f64);
  EXPECT_DOUBLE_EQ(eval("1 + 0.5").f, 1.5);
  EXPECT_EQ(eval("1.5f * 2").kind, Value::Kind::f32);
  EXPECT_EQ(eval("1.5f * 2.0").kind, Value::Kind::f64);
  EXPECT_DOUBLE_EQ(eval("2.5e1").f, 25.0);
  EXPECT_DOUBLE_EQ(eval("1e-1 * 10").f, 1.0);
}

TEST(Expression, SinglePrecisionRoundsEveryOperation) {
  // 0.1f + 0.2f rounds to a float that differs from the double sum of the same floats.
  FakeSource s;
  s.buffers["a"] = {Value::f32(0.1f)};
  s.buffers["b"] = {Value::f32(0.2f)};
  s.buffers["c"] = {Value::f32(0.1f + 0.2f)};
  EXPECT_EQ(eval("c[0] == a[0] + b[0]", s).i, 1);
  const double exact = static_cast<double>(0.1f) + static_cast<double>(0.2f);
  EXPECT_NE(static_cast<double>(0.1f + 0.2f), exact);    // the premise of this test
  EXPECT_EQ(eval("c[0] == a[0] + b[0] + 0.0", s).i, 1);  // rounded before widening
}

TEST(Expression, BuffersIndexAndNames) {
  FakeSource s;
  s.buffers["a"] = {Value::integer(10), Value::integer(20), Value::integer(30)};
  s.buffers["b_2"] = {Value::integer(1), Value::integer(2), Value::integer(3)};
  EXPECT_EQ(eval("a[i] + b_2[i]", s, 1, 3).i, 22);
  EXPECT_EQ(eval("a[n - 1 - i]", s, 0, 3).i, 30);
  EXPECT_EQ(eval("a[a[0] / 10]", s).i, 20);
  EXPECT_EQ(eval("i == 0 || a[i - 1] <= a[i]", s, 0, 3).i, 1);
  auto e = Expression::parse("a[i] + b_2[i] * a[0]");
  EXPECT_EQ(e.buffers(), (std::vector<std::string>{"a", "b_2"}));
}

TEST(Expression, Functions) {
  EXPECT_EQ(eval_int("abs(-3)"), 3);
  EXPECT_EQ(eval_int("min(4, -2)"), -2);
  EXPECT_EQ(eval_int("max(4, -2)"), 4);
  EXPECT_DOUBLE_EQ(eval("abs(1.25 - 2)").f, 0.75);
  EXPECT_EQ(eval("max(1, 2.5)").kind, Value::Kind::f64);
}

TEST(Expression, EvaluationErrors) {
  FakeSource s;
  s.buffers["a"] = {Value::integer(1)};
  EXPECT_THROW(eval("1 / 0"), ExpressionError);
  EXPECT_THROW(eval("1 % 0"), ExpressionError);
  EXPECT_THROW(eval("1.5 % 2"), ExpressionError);
  EXPECT_THROW(eval("a[1]", s), ExpressionError);
  EXPECT_THROW(eval("a[0.5]", s), ExpressionError);
}

TEST(Expression, SyntaxErrorsNameTheColumn) {
  EXPECT_EQ(parse_error(""), "column 1: expected an expression");
  EXPECT_EQ(parse_error("1 +"), "column 4: expected an operand, found the end");
  EXPECT_EQ(parse_error("c[i] = 1"), "column 6: unexpected '='");
  EXPECT_EQ(parse_error("(1 + 2"), "column 7: expected ')'");
  EXPECT_EQ(parse_error("a[i"), "column 4: expected ']'");
  EXPECT_EQ(parse_error("x + 1"),
            "column 1: unknown name 'x' (buffers are indexed, e.g. x[i]; names are i, n, abs, "
            "min, max)");
  EXPECT_EQ(parse_error("min(1)"), "column 7: min() takes 2 argument(s)");
  EXPECT_EQ(parse_error("12abc"), "column 1: malformed number");
  EXPECT_EQ(parse_error("1 & 2"), "column 3: unexpected '&'");
  EXPECT_EQ(parse_error("99999999999999999999"),
            "column 1: integer literal out of range or malformed");
}

// Parsing, evaluating and freeing recurse per level of the tree: a deep one is refused with a
// message instead of overflowing the stack (a fuzzer's finding: 200000 '-' crashed the loader).
TEST(Expression, NestingDepthIsBounded) {
  auto too_deep = [](int column) {
    return fmt::format("column {}: expected an expression nested at most 256 levels deep", column);
  };
  auto repeat = [](const std::string& s, int n) {
    std::string out;
    for (int k = 0; k < n; ++k) out += s;
    return out;
  };
  EXPECT_EQ(eval_int(repeat("-", 255) + "1"), -1);
  EXPECT_EQ(eval_int(repeat("(", 250) + "7" + repeat(")", 250)), 7);
  EXPECT_EQ(eval_int("0" + repeat(" + 1", 255)), 255);
  EXPECT_EQ(parse_error(repeat("-", 200000) + "1"), too_deep(257));
  EXPECT_EQ(parse_error(repeat("!", 200000) + "1"), too_deep(257));
  EXPECT_EQ(parse_error(repeat("(", 200000) + "1"), too_deep(257));
  EXPECT_EQ(parse_error(repeat("abs(", 200000) + "1"), too_deep(1025));
  EXPECT_EQ(parse_error(repeat("a[", 200000) + "1"), too_deep(513));
  // Left-associative chains nest in the tree, not in the parser.
  EXPECT_EQ(parse_error("1" + repeat("+1", 200000)), too_deep(514));
  EXPECT_EQ(parse_error("1" + repeat("*1", 200000)), too_deep(514));
  EXPECT_EQ(parse_error("1" + repeat("||1", 200000)), too_deep(770));
}

}  // namespace
}  // namespace wf::workloads::spec
