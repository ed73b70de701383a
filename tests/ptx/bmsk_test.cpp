// bmsk against the PTX ISA's definition, written here a bit at a time (the implementation
// follows the ISA's mask pseudocode): a mask of `width` bits from `position`, cut at bit 31.
#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "sim_model/ptx/bmsk.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

std::uint32_t reference(std::uint32_t a, std::uint32_t b, bool clamp) {
  // .wrap: both operands modulo 32; .clamp: a position beyond bit 31 selects nothing, a width
  // beyond 32 is 32.
  const std::uint64_t position = clamp ? std::min<std::uint32_t>(a, 32) : a & 31;
  const std::uint64_t width = clamp ? std::min<std::uint32_t>(b, 32) : b & 31;
  std::uint32_t d = 0;
  for (std::uint64_t bit = position; bit < position + width && bit < 32; ++bit) d |= 1u << bit;
  return d;
}

TEST(Bmsk, MatchesTheIsaDefinition) {
  const std::uint32_t edges[] = {0x7fffffffu, 0x80000000u, 0xffffffe0u, 0xffffffffu};
  std::vector<std::uint32_t> values;
  for (std::uint32_t v = 0; v <= 70; ++v) values.push_back(v);
  values.insert(values.end(), std::begin(edges), std::end(edges));
  for (bool clamp : {false, true}) {
    for (std::uint32_t a : values) {
      for (std::uint32_t b : values) {
        ASSERT_EQ(intx::bmsk(a, b, clamp), reference(a, b, clamp))
            << (clamp ? ".clamp" : ".wrap") << " a=" << a << " b=" << b;
      }
    }
  }
}

TEST(Bmsk, EdgeCases) {
  EXPECT_EQ(intx::bmsk(1, 2, false), 0x6u);         // the ISA's example
  EXPECT_EQ(intx::bmsk(0, 32, false), 0u);          // width 32 wraps to 0: empty
  EXPECT_EQ(intx::bmsk(0, 32, true), 0xffffffffu);  // clamped to 32: every bit
  EXPECT_EQ(intx::bmsk(31, 1, true), 0x80000000u);
  EXPECT_EQ(intx::bmsk(31, 2, false), 0x80000000u);  // cut at bit 31
  EXPECT_EQ(intx::bmsk(32, 4, false), 0xfu);         // position 32 wraps to 0
  EXPECT_EQ(intx::bmsk(32, 4, true), 0u);            // position 32 clamps: nothing
  EXPECT_EQ(intx::bmsk(8, 0, true), 0u);
  EXPECT_EQ(intx::bmsk(8, 0xffffffffu, true), 0xffffff00u);
  EXPECT_EQ(intx::bmsk(8, 0xffffffffu, false), 0xffffff00u);  // 31 bits from 8: cut at 31
  EXPECT_EQ(intx::bmsk(0, 0xffffffffu, false), 0x7fffffffu);
}

TEST(Bmsk, DecodeAndExecute) {
  EXPECT_EQ(run_snippet("bmsk.wrap.b32 %rd, %ra, %rb;", 4, 8).r, 0xff0u);
  EXPECT_EQ(run_snippet("bmsk.clamp.b32 %rd, %ra, %rb;", 4, 40).r, 0xfffffff0u);
  EXPECT_EQ(run_snippet("bmsk.wrap.b32 %rd, %ra, %rb;", 4, 40).r, 0xff0u);
  EXPECT_EQ(run_snippet("bmsk.clamp.b32 %rd, %ra, %rb;", 36, 4).r, 0u);
  EXPECT_EQ(run_snippet("bmsk.wrap.b32 %rd, 1, 2;").r, 0x6u);
  EXPECT_NE(error_of([] {
              run_snippet("bmsk.b32 %rd, %ra, %rb;");
            }).find("expected .clamp or .wrap on 'bmsk'"),
            std::string::npos);
  EXPECT_THROW(run_snippet("bmsk.wrap.b64 %ld, %la, %lb;"), UsageError);
  EXPECT_THROW(run_snippet("bmsk.wrap.b32 %rd, %ra;"), UsageError);
}

}  // namespace
}  // namespace wf::ptx::test
