#include "workloads/spec/spec_check.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/workloads/spec_fixture.h"
#include "workloads/spec/buffer_init.h"

namespace wf::workloads::spec {
namespace {

// Loads kHeader plus `checks`, gives buffer a = {1, 2, 3, 4} and f = {0.5, 1.5, 2.5, 3.5}, and
// returns the verdict of every check ("ok" when it holds).
class CheckTest : public SpecTest {
 protected:
  std::vector<std::string> verdicts(const std::string& checks) {
    const LaunchSpec s = load(kHeader + checks);
    std::vector<HostBuffer> buffers{HostBuffer("a", ElementType::u32, 4),
                                    HostBuffer("f", ElementType::f32, 4)};
    for (std::size_t i = 0; i < 4; ++i) {
      buffers[0].set(i, Value::integer(static_cast<std::int64_t>(i) + 1));
      buffers[1].set(i, Value::f64(static_cast<double>(i) + 0.5));
    }
    std::vector<std::string> out;
    for (const auto& c : s.checks) out.push_back(run_check(c, buffers).value_or("ok"));
    return out;
  }
  std::string verdict(const std::string& check) { return verdicts("[[check]]\n" + check)[0]; }
};

TEST_F(CheckTest, Equals) {
  EXPECT_EQ(verdict("buffer = \"a\"\nequals = [1, 2, 3, 4]\n"), "ok");
  EXPECT_EQ(verdict("buffer = \"a\"\nequals = [1, 2, 9, 8]\n"),
            "check[0]: a[2] = 3, expected 9 (2 of 4 elements differ)");
  EXPECT_EQ(verdict("buffer = \"a\"\nequals = 1\n"),
            "check[0]: a[1] = 2, expected 1 (3 of 4 elements differ)");
}

TEST_F(CheckTest, FloatEqualsHonoursTolerance) {
  EXPECT_EQ(verdict("buffer = \"f\"\nequals = [0.5, 1.5, 2.5, 3.5]\n"), "ok");
  EXPECT_EQ(verdict("buffer = \"f\"\nequals = [0.5, 1.5, 2.5, 3.6]\n"),
            "check[0]: f[3] = 3.5, expected 3.6 (1 of 4 elements differ)");
  EXPECT_EQ(verdict("buffer = \"f\"\nequals = [0.5, 1.5, 2.5, 3.6]\ntolerance = 0.11\n"), "ok");
}

TEST_F(CheckTest, ExpectedFile) {
  write_values<std::uint32_t>("want.bin", {1, 2, 3, 4});
  write_values<std::uint32_t>("wrong.bin", {1, 2, 3, 5});
  EXPECT_EQ(verdict("buffer = \"a\"\nfile = \"want.bin\"\n"), "ok");
  EXPECT_EQ(verdict("buffer = \"a\"\nfile = \"wrong.bin\"\n"),
            "check[0]: a[3] = 4, expected 5 (1 of 4 elements differ)");
}

TEST_F(CheckTest, Checksums) {
  // FNV-1a 64 of the bytes 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00.
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (int v = 1; v <= 4; ++v)
    for (int byte = 0; byte < 4; ++byte) {
      h ^= byte == 0 ? static_cast<std::uint64_t>(v) : 0;
      h *= 0x100000001b3ULL;
    }
  EXPECT_EQ(verdict("buffer = \"a\"\nsum = 10\n"), "ok");
  EXPECT_EQ(verdict("buffer = \"a\"\nsum = 11\n"), "check[0]: sum of a = 10, expected 11");
  EXPECT_EQ(verdict("buffer = \"a\"\nxor = 4\n"), "ok");  // 1 ^ 2 ^ 3 ^ 4
  EXPECT_EQ(verdict(fmt::format("buffer = \"a\"\nfnv1a = \"{:#x}\"\n", h)), "ok");
  EXPECT_EQ(verdict("buffer = \"a\"\nfnv1a = \"0x1\"\n"),
            fmt::format("check[0]: fnv1a of a = {:#x}, expected 0x1", h));
  EXPECT_EQ(verdict("buffer = \"f\"\nsum = 8.0\n"), "ok");
  EXPECT_EQ(verdict("buffer = \"f\"\nsum = 8.25\n"), "check[0]: sum of f = 8, expected 8.25");
  EXPECT_EQ(verdict("buffer = \"f\"\nsum = 8.25\ntolerance = 0.5\n"), "ok");
}

TEST_F(CheckTest, Expressions) {
  EXPECT_EQ(verdict("buffer = \"a\"\nexpr = \"a[i] == i + 1\"\n"), "ok");
  EXPECT_EQ(verdict("buffer = \"a\"\nexpr = \"f[i] + 0.5f == a[i]\"\n"), "ok");
  EXPECT_EQ(verdict("buffer = \"a\"\nexpr = \"a[i] < 3\"\n"),
            "check[0]: `a[i] < 3` is false at i = 2 (a[2] = 3) (2 of 4 elements)");
  EXPECT_EQ(verdict("buffer = \"a\"\nexpr = \"a[i] * 2 == f[i] * 2\"\n"),
            "check[0]: `a[i] * 2 == f[i] * 2` is false at i = 0 (a[0] = 1, f[0] = 0.5) (4 "
            "of 4 elements)");
  EXPECT_EQ(verdict("buffer = \"a\"\nexpr = \"a[i + 1] > a[i]\"\n"),
            "check[0]: `a[i + 1] > a[i]` at i = 3: index 4 out of range for a (4 elements)");
}

TEST_F(CheckTest, EveryCheckIsEvaluated) {
  EXPECT_EQ(verdicts("[[check]]\nbuffer = \"a\"\nsum = 10\n[[check]]\nbuffer = \"a\"\nsum = 1\n"),
            (std::vector<std::string>{"ok", "check[1]: sum of a = 10, expected 1"}));
}

TEST(BufferInit, Kinds) {
  HostBuffer b("b", ElementType::s32, 4);
  BufferInit init;
  init.kind = BufferInit::Kind::iota;
  init.start = Value::integer(10);
  init.step = Value::integer(-3);
  fill(b, init);
  EXPECT_EQ(b.get(3).i, 1);

  init.kind = BufferInit::Kind::constant;
  init.value = Value::integer(-7);
  fill(b, init);
  EXPECT_EQ(b.get(2).i, -7);

  HostBuffer r("r", ElementType::u8, 1000);
  init.kind = BufferInit::Kind::random;
  init.seed = 5;
  init.min = Value::integer(3);
  init.max = Value::integer(5);
  fill(r, init);
  int counts[256] = {};
  for (std::size_t i = 0; i < r.count(); ++i) ++counts[r.get(i).i];
  EXPECT_EQ(counts[3] + counts[4] + counts[5], 1000);
  EXPECT_GT(counts[3], 0);
  EXPECT_GT(counts[5], 0);  // max is inclusive for integers

  HostBuffer again("r", ElementType::u8, 1000);
  fill(again, init);
  EXPECT_EQ(again.bytes, r.bytes);  // the seed fixes the values

  HostBuffer f("f", ElementType::f64, 100);
  init.min = Value::f64(-1);
  init.max = Value::f64(1);
  fill(f, init);
  for (std::size_t i = 0; i < f.count(); ++i) {
    EXPECT_GE(f.get(i).f, -1.0);
    EXPECT_LT(f.get(i).f, 1.0);
  }
}

TEST(ElementType, RoundTripsAndRanges) {
  std::uint8_t bytes[8];
  store_element(ElementType::u16, bytes, Value::integer(0x12345));  // wraps to the width
  EXPECT_EQ(load_element(ElementType::u16, bytes).i, 0x2345);
  store_element(ElementType::s32, bytes, Value::integer(-5));
  EXPECT_EQ(load_element(ElementType::s32, bytes).i, -5);
  store_element(ElementType::f32, bytes, Value::f64(0.1));
  EXPECT_EQ(load_element(ElementType::f32, bytes).kind, Value::Kind::f32);
  EXPECT_EQ(load_element(ElementType::f32, bytes).f, static_cast<double>(0.1f));
  EXPECT_TRUE(fits(ElementType::u8, Value::integer(255)));
  EXPECT_FALSE(fits(ElementType::u8, Value::integer(-1)));
  EXPECT_FALSE(fits(ElementType::s32, Value::integer(1LL << 31)));
  EXPECT_TRUE(fits(ElementType::f32, Value::integer(3)));
  EXPECT_FALSE(fits(ElementType::u64, Value::f64(1.0)));
}

}  // namespace
}  // namespace wf::workloads::spec
